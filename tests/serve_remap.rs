//! Tables replaced under a running server: `gen` and `install` replace a table by renaming a
//! new file over it, never writing the old one (whose map a server may hold); the server
//! answers from the set it mapped until SIGHUP maps the new set, and no request fails
//! meanwhile; a set that fails to open leaves the old one answering.

mod common;

use std::io::{Read, Seek, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{all_tables, binary, stderr_of, Served};
use puzzle_tables_query::{tables_of, Puzzle};

/// A new tables directory holding every table of `all_tables()`, hard-linked (the directories
/// share a file system under `target/`; nothing here writes a table in place).
fn linked_tables() -> tempfile::TempDir {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    for entry in std::fs::read_dir(all_tables()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "tbl") {
            std::fs::hard_link(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// A release of the eight-puzzle and rotation-game tables, as `cargo xtask dist` writes one.
fn release() -> tempfile::TempDir {
    common::release_of(&[Puzzle::Eight, Puzzle::Rotation])
}

/// Runs `command`, which must succeed.
fn succeeds(command: &mut Command) {
    let output = command.output().unwrap();
    assert!(output.status.success(), "{:?}: {}", command, stderr_of(&output));
}

/// The eight puzzle's one table in `dir`.
fn eight_table(dir: &Path) -> std::path::PathBuf {
    dir.join(tables_of(Puzzle::Eight)[0].file_name())
}

#[test]
fn gen_and_install_replace_a_table_by_rename_leaving_the_old_file_whole() {
    let tables = linked_tables();
    let release = release();
    let path = eight_table(tables.path());
    for replace in [&["gen", "eight"][..], &["install", "--from", release.path().to_str().unwrap()]] {
        let mut old = std::fs::File::open(&path).unwrap();
        let (old_inode, old_bytes) = (old.metadata().unwrap().ino(), std::fs::read(&path).unwrap());
        succeeds(binary(tables.path()).args(replace));
        assert_ne!(std::fs::metadata(&path).unwrap().ino(), old_inode, "{replace:?} put a new file in place");
        let mut still = Vec::new();
        old.rewind().unwrap();
        old.read_to_end(&mut still).unwrap();
        assert!(still == old_bytes, "{replace:?} left the file it replaced as it was");
    }
    succeeds(binary(tables.path()).arg("verify"));
}

/// `GET path` on a connection of its own: the status and body.
fn get(address: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    let status = text.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    (status, text.split_once("\r\n\r\n").map_or("", |(_, body)| body).to_string())
}

/// Sends SIGHUP to the server and waits until `/metrics` counts `result` remaps `count` times.
fn remap(server: &Served, result: &str, count: u64) {
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-HUP", &pid]).status().unwrap().success());
    let line = format!("puzzle_tables_remaps_total{{result=\"{result}\"}} {count}");
    let started = Instant::now();
    while !get(server.address, "/metrics").1.lines().any(|metric| metric == line) {
        assert!(started.elapsed() < Duration::from_secs(60), "no {line}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// An eight-puzzle lookup and a cube search, asked in turn until `stop`: the requests
/// answered, and those that were not 200 with the answer expected.
fn ask_until(address: SocketAddr, stop: &AtomicBool, failed: &AtomicUsize) -> usize {
    let mut asked = 0;
    while !stop.load(Ordering::Relaxed) {
        let (status, body) = get(address, "/api/v1/eight?board=23415x768&children=false");
        if status != 200 || !body.contains("\"distance\":19") {
            failed.fetch_add(1, Ordering::Relaxed);
        }
        let (status, _) = get(address, "/api/v1/cube?scramble=R+U+F&children=false");
        failed.fetch_add(usize::from(status != 200), Ordering::Relaxed);
        asked += 2;
    }
    asked
}

#[test]
fn tables_installed_and_remapped_under_requests_fail_none() {
    let tables = linked_tables();
    let release = release();
    let server = Served::start_in(tables.path(), &[]);
    let (stop, failed) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
    let clients: Vec<_> = (0..3)
        .map(|_| {
            let (stop, failed, address) = (Arc::clone(&stop), Arc::clone(&failed), server.address);
            std::thread::spawn(move || ask_until(address, &stop, &failed))
        })
        .collect();
    for round in 1..=3 {
        succeeds(binary(tables.path()).args(["gen", "eight"]));
        succeeds(binary(tables.path()).arg("install").arg("--from").arg(release.path()));
        remap(&server, "done", round);
    }
    stop.store(true, Ordering::Relaxed);
    let asked: usize = clients.into_iter().map(|client| client.join().unwrap()).sum();
    assert!(asked > 0);
    assert_eq!(failed.load(Ordering::Relaxed), 0, "of {asked} requests");
}

#[test]
fn a_set_that_fails_to_open_leaves_the_mapped_one_answering() {
    let tables = linked_tables();
    let server = Served::start_in(tables.path(), &[]);
    // A damaged table put in place by rename, as a bad copy would be.
    let path = eight_table(tables.path());
    let mut damaged = std::fs::read(&path).unwrap();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0xff;
    let temporary = tables.path().join("eight.damaged");
    std::fs::write(&temporary, damaged).unwrap();
    std::fs::rename(&temporary, &path).unwrap();
    remap(&server, "failed", 1);
    let (status, body) = get(server.address, "/api/v1/eight?board=23415x768&children=false");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"distance\":19"), "{body}");
    let log = server.log.lock().unwrap().join("\n");
    assert!(log.contains("SIGHUP: kept the tables mapped before"), "{log}");
}
