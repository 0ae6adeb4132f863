//! Timely's own arguments, checked before a build starts: `-w` worker threads a process,
//! `-n` processes, `-p` this process's number, `-h` a hostfile of `host:port` lines, one a
//! process, in process order (without `-h`, `localhost:2101` and on).
//!
//! Timely itself retries a peer it cannot reach forever; [`Cluster::execute`] gives the
//! connections a deadline and then refuses, naming the addresses.

use std::sync::mpsc;
use std::time::Duration;

use timely::{CommunicationConfig, Config};

use crate::Error;

/// The processes of a build and this process's place among them.
pub struct Cluster {
    config: Config,
    /// Worker threads in each process.
    pub threads: usize,
    /// How many processes.
    pub processes: usize,
    /// This process's number.
    pub process: usize,
    /// Every process's address (empty for one process).
    pub addresses: Vec<String>,
}

impl Cluster {
    /// The cluster timely's arguments describe (as after `--`, such as `-w 2 -n 3 -p 1 -h
    /// hosts`), refused with why where timely would not start or would fail later.
    pub fn from_args(args: &[String]) -> Result<Cluster, Error> {
        let config = Config::from_args(args.iter().cloned()).map_err(Error::Cluster)?;
        let (threads, processes, process, addresses) = match &config.communication {
            CommunicationConfig::Thread => (1, 1, 0, Vec::new()),
            CommunicationConfig::Process(threads) | CommunicationConfig::ProcessBinary(threads) => {
                (*threads, 1, 0, Vec::new())
            }
            CommunicationConfig::Cluster { threads, process, addresses, .. } => {
                (*threads, addresses.len(), *process, addresses.clone())
            }
        };
        if threads == 0 {
            return Err(Error::Cluster("-w 0: a process needs at least one worker thread".into()));
        }
        if process >= processes {
            return Err(Error::Cluster(format!(
                "-p {process} is out of range: -n {processes} numbers the processes 0 to {}",
                processes - 1
            )));
        }
        Ok(Cluster { config, threads, processes, process, addresses })
    }

    /// Every worker of every process.
    pub fn workers(&self) -> usize {
        self.threads * self.processes
    }

    /// Runs `work` on each of this process's workers once every process is connected, and
    /// returns each worker's result; refuses when the peers are not all connected within
    /// `connect_timeout`.
    pub fn execute<T, F>(self, connect_timeout: Duration, work: F) -> Result<Vec<T>, Error>
    where
        T: Send + 'static,
        F: Fn(&mut timely::worker::Worker) -> T + Send + Sync + 'static,
    {
        let (connected, all_connected) = mpsc::channel::<()>();
        let (finished, results) = mpsc::channel();
        let describe = self.describe();
        std::thread::spawn(move || {
            let outcome = timely::execute(self.config, move |worker| {
                let _ = connected.send(());
                work(worker)
            })
            .map(|guards| guards.join());
            let _ = finished.send(outcome);
        });
        if let Err(mpsc::RecvTimeoutError::Timeout) = all_connected.recv_timeout(connect_timeout) {
            return Err(Error::Cluster(format!(
                "{describe}: the peers were not all connected within {} s; check that every process is started with \
                 the same hostfile and that each address is reachable",
                connect_timeout.as_secs()
            )));
        }
        // Timely's network threads panic when a peer's connection closes, and its workers
        // with them: the run ends without an outcome.
        let outcome = results.recv().map_err(|_| {
            Error::Cluster(format!(
                "{describe}: the build stopped: a peer's connection closed (that process died or was stopped); stop \
                 every process and start them all again, and the build resumes from the levels it saved"
            ))
        })?;
        let outcome = outcome.map_err(|why| Error::Cluster(format!("{describe}: {why}")))?;
        outcome
            .into_iter()
            .map(|result| result.map_err(|why| Error::Cluster(format!("{describe}: a worker failed: {why}"))))
            .collect()
    }

    /// This process as the error messages name it.
    fn describe(&self) -> String {
        if self.processes == 1 {
            format!("one process of {} workers", self.threads)
        } else {
            format!("process {} of {} ({})", self.process, self.processes, self.addresses.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_process_number_out_of_range_is_refused() {
        let refusal = Cluster::from_args(&args("-n 2 -p 2")).err().unwrap().to_string();
        assert!(refusal.contains("-p 2 is out of range"), "{refusal}");
        let cluster = Cluster::from_args(&args("-w 2 -n 3 -p 1")).unwrap();
        assert_eq!((cluster.workers(), cluster.process), (6, 1));
    }
}
