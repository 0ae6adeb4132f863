"""Shared fixtures: one tables directory for the session ($PUZZLE_TABLES_DIR when set, as
`.ci/run` sets it to the tables it built; otherwise built here by `puzzle_tables.gen`)."""

import os

import pytest

import puzzle_tables


@pytest.fixture(scope="session")
def tables_dir(tmp_path_factory):
    given = os.environ.get("PUZZLE_TABLES_DIR")
    if given:
        return given
    return os.fspath(puzzle_tables.gen(path=os.fspath(tmp_path_factory.mktemp("tables"))))


@pytest.fixture(scope="session")
def tables(tables_dir):
    return puzzle_tables.Tables.open(tables_dir)
