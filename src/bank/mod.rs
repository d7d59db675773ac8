//! The puzzle bank: rated puzzles kept in one SQLite file (WAL mode), one row per canonical
//! key, so that a puzzle sent again — relabelled, turned, rows swapped — is recognised.
//!
//! The schema is versioned with `PRAGMA user_version` and migrated forward on open; a file
//! that is not a SQLite database, a database that is not a bank, or a bank with a newer
//! schema is refused and left as it is. Writes wait for other writers (busy timeout) and a
//! batch is one transaction: all of it is stored, or none. Readers ([`Bank::open_to_read`])
//! open the file read-only and never wait for a writer: WAL lets them read the last
//! committed state while a write transaction is open.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};

/// Marks a SQLite file as a sudokit bank (`PRAGMA application_id`): "SDKB".
const APPLICATION_ID: i64 = 0x5344_4b42;

/// How long a writer waits for another one before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(60);

/// The migrations, in order: the n-th takes a bank from schema version n to n + 1.
const MIGRATIONS: &[&str] = &[
    "
    CREATE TABLE puzzles (
        id INTEGER PRIMARY KEY,
        canonical_key TEXT NOT NULL UNIQUE,
        puzzle TEXT NOT NULL,
        definition TEXT NOT NULL,
        solution TEXT NOT NULL,
        variant TEXT NOT NULL,
        size INTEGER NOT NULL,
        level TEXT NOT NULL,
        score INTEGER NOT NULL,
        se_rating REAL,
        se TEXT,
        source TEXT NOT NULL,
        added INTEGER NOT NULL
    );
    CREATE INDEX puzzles_by_variant_level ON puzzles (variant, size, level);
    CREATE INDEX puzzles_by_se_rating ON puzzles (se_rating);
",
    "
    CREATE INDEX puzzles_by_level ON puzzles (level);
",
    // how many long diagonals are houses, so that a query tells one-diagonal X from full X;
    // rows stored before it read it from their key's prefix (`9xm:`, `9xa:` one, `9x:` both)
    "
    ALTER TABLE puzzles ADD COLUMN diagonals INTEGER NOT NULL DEFAULT 0;
    UPDATE puzzles SET diagonals = CASE
        WHEN instr(canonical_key, ':') = 0 THEN 0
        WHEN substr(canonical_key, 1, instr(canonical_key, ':')) GLOB '[0-9]*x[ma]*' THEN 1
        WHEN substr(canonical_key, 1, instr(canonical_key, ':')) GLOB '[0-9]*x*' THEN 2
        ELSE 0
    END;
    CREATE INDEX puzzles_by_score ON puzzles (score);
",
];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Why the bank could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum BankError {
    /// The file does not exist and was not to be created.
    #[error("{path}: no such bank (make one with `sudokit bank add --db {path} FILE…`)")]
    Missing {
        /// The file.
        path: String,
    },
    /// The path cannot hold a bank file: a folder, or a file in a folder that does not exist.
    #[error("{path}: cannot open a bank there: {reason}")]
    Unopenable {
        /// The path given.
        path: String,
        /// Why not.
        reason: String,
    },
    /// The file is not a SQLite database, or is damaged.
    #[error("{path}: not a sudokit bank: {reason}; left untouched")]
    NotABank {
        /// The file.
        path: String,
        /// What SQLite or the check said.
        reason: String,
    },
    /// The bank was written by a newer sudokit.
    #[error(
        "{path}: bank schema version {found} is newer than this sudokit's ({known}); \
         upgrade sudokit to use it (left untouched)"
    )]
    NewerSchema {
        /// The file.
        path: String,
        /// The file's schema version.
        found: i64,
        /// The newest version this build knows.
        known: i64,
    },
    /// SQLite failed while reading or writing.
    #[error("{path}: {error}")]
    Sqlite {
        /// The file.
        path: String,
        /// What SQLite said (in the message, not a separate source: an error printed with
        /// its chain would say it twice).
        error: rusqlite::Error,
    },
}

/// A puzzle to store: what `bank add` learnt of it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPuzzle {
    /// The canonical key ([`crate::canonical::canonical_key`]).
    pub canonical_key: String,
    /// The givens as one line.
    pub puzzle: String,
    /// The whole puzzle (cages, diagonals) as RON, readable again.
    pub definition: String,
    /// The solution as one line.
    pub solution: String,
    /// `classic`, `x`, `killer`, `killer-x` or `greater-killer`.
    pub variant: String,
    /// The side n.
    pub size: u8,
    /// HoDoKu level.
    pub level: String,
    /// HoDoKu score.
    pub score: u32,
    /// Sudoku Explainer's ER, when the puzzle could be rated on that scale.
    pub se_rating: Option<f64>,
    /// Sudoku Explainer's `ER/EP/ED`, likewise.
    pub se: Option<String>,
    /// Where it came from (`file:line`).
    pub source: String,
    /// How many long diagonals are houses (0, 1 or 2).
    pub diagonals: u8,
}

/// A puzzle in the bank.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// Its row number.
    pub id: i64,
    /// What was stored (`source` is where it first came from).
    pub record: NewPuzzle,
    /// When it was stored (seconds since 1970, UTC).
    pub added: i64,
}

/// What adding one puzzle came to.
#[derive(Clone, Debug, PartialEq)]
pub enum Added {
    /// Stored under this id.
    Stored(i64),
    /// The bank already held it (same canonical key): the earlier record.
    Seen(Box<Stored>),
}

/// Which puzzles a query wants; `None` places no bound.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// HoDoKu level (`Easy` … `Extreme`), compared without case.
    pub level: Option<String>,
    /// The smallest SE rating.
    pub se_minimum: Option<f64>,
    /// The largest SE rating.
    pub se_maximum: Option<f64>,
    /// The smallest HoDoKu score.
    pub score_minimum: Option<u32>,
    /// The largest HoDoKu score.
    pub score_maximum: Option<u32>,
    /// How many long diagonals are houses (1: one-diagonal X, 2: full X).
    pub diagonals: Option<u8>,
    /// The variant's name.
    pub variant: Option<String>,
    /// The side n.
    pub size: Option<u8>,
    /// At most this many, oldest first.
    pub limit: Option<u64>,
}

/// How many puzzles of one variant, size and level the bank holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The variant's name.
    pub variant: String,
    /// The side n.
    pub size: u8,
    /// HoDoKu level.
    pub level: String,
    /// How many.
    pub count: u64,
}

/// An open bank.
pub struct Bank {
    connection: Connection,
    path: PathBuf,
}

const INSERT: &str = "INSERT INTO puzzles (canonical_key, puzzle, definition, solution, variant, \
                      size, level, score, se_rating, se, source, added, diagonals) \
                      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) \
                      ON CONFLICT (canonical_key) DO NOTHING";

const COLUMNS: &str = "id, canonical_key, puzzle, definition, solution, variant, size, level, \
                       score, se_rating, se, source, added, diagonals";

impl Bank {
    /// Opens the bank at `path`, creating it when `create` and it does not exist, and
    /// migrating its schema forward.
    pub fn open(path: &Path, create: bool) -> Result<Bank, BankError> {
        let name = path.display().to_string();
        if path.is_dir() {
            let reason = "it is a folder (give the bank's file, such as bank.sqlite)".to_string();
            return Err(BankError::Unopenable { path: name, reason });
        }
        if !create && !path.exists() {
            return Err(BankError::Missing { path: name });
        }
        let parent = path
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty());
        if let Some(parent) = parent.filter(|parent| !parent.is_dir()) {
            let reason = format!("the folder {} does not exist", parent.display());
            return Err(BankError::Unopenable { path: name, reason });
        }
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if create {
            flags |= OpenFlags::SQLITE_OPEN_CREATE;
        }
        let connection =
            Connection::open_with_flags(path, flags).map_err(|source| BankError::NotABank {
                path: name.clone(),
                reason: source.to_string(),
            })?;
        let mut bank = Bank {
            connection,
            path: path.to_path_buf(),
        };
        bank.connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|source| bank.error(source))?;
        bank.migrate()?;
        bank.connection
            .pragma_update(None, "journal_mode", "WAL")
            .map_err(|source| bank.error(source))?;
        Ok(bank)
    }

    /// Opens an existing bank to read it: read-only, no migration, so it never waits for a
    /// writer (WAL readers see the last committed state).
    pub fn open_to_read(path: &Path) -> Result<Bank, BankError> {
        let name = path.display().to_string();
        if path.is_dir() {
            let reason = "it is a folder (give the bank's file, such as bank.sqlite)".to_string();
            return Err(BankError::Unopenable { path: name, reason });
        }
        if !path.exists() {
            return Err(BankError::Missing { path: name });
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection =
            Connection::open_with_flags(path, flags).map_err(|source| BankError::NotABank {
                path: name.clone(),
                reason: source.to_string(),
            })?;
        let bank = Bank {
            connection,
            path: path.to_path_buf(),
        };
        bank.connection
            .busy_timeout(BUSY_TIMEOUT)
            .map_err(|source| bank.error(source))?;
        let read = |sql: &str| -> Result<i64, BankError> {
            bank.connection
                .query_row(sql, [], |row| row.get(0))
                .map_err(|source| bank.error(source))
        };
        let version = read("PRAGMA user_version")?;
        let application = read("PRAGMA application_id")?;
        if application != APPLICATION_ID {
            return Err(BankError::NotABank {
                path: name,
                reason: "a SQLite database of something else".to_string(),
            });
        }
        if version > SCHEMA_VERSION {
            return Err(BankError::NewerSchema {
                path: name,
                found: version,
                known: SCHEMA_VERSION,
            });
        }
        Ok(bank)
    }

    fn error(&self, source: rusqlite::Error) -> BankError {
        let path = self.path.display().to_string();
        match source.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase)
            | Some(rusqlite::ErrorCode::DatabaseCorrupt) => BankError::NotABank {
                path,
                reason: source.to_string(),
            },
            _ => BankError::Sqlite {
                path,
                error: source,
            },
        }
    }

    /// Checks what the file is and brings its schema to [`SCHEMA_VERSION`], each step in a
    /// transaction that holds the write lock, so two processes opening a new file at once
    /// do not both create it.
    fn migrate(&mut self) -> Result<(), BankError> {
        let path = self.path.display().to_string();
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|source| self_error(&path, source))?;
        let read = |sql: &str| -> Result<i64, BankError> {
            transaction
                .query_row(sql, [], |row| row.get(0))
                .map_err(|source| self_error(&path, source))
        };
        let version = read("PRAGMA user_version")?;
        let application = read("PRAGMA application_id")?;
        let tables = read("SELECT count(*) FROM sqlite_master")?;
        if version > SCHEMA_VERSION && application == APPLICATION_ID {
            return Err(BankError::NewerSchema {
                path,
                found: version,
                known: SCHEMA_VERSION,
            });
        }
        let ours = application == APPLICATION_ID;
        let empty = version == 0 && application == 0 && tables == 0;
        if !ours && !empty {
            return Err(BankError::NotABank {
                path,
                reason: "a SQLite database of something else".to_string(),
            });
        }
        for (from, migration) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            transaction
                .execute_batch(migration)
                .map_err(|source| self_error(&path, source))?;
            transaction
                .pragma_update(None, "user_version", from as i64 + 1)
                .map_err(|source| self_error(&path, source))?;
        }
        if !ours {
            transaction
                .pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(|source| self_error(&path, source))?;
        }
        transaction
            .commit()
            .map_err(|source| self_error(&path, source))
    }

    /// Stores a batch in one transaction: every puzzle whose canonical key is new is stored,
    /// the others answered with their earlier record. All or nothing: a failure (or the
    /// process killed) part way leaves the bank as it was.
    pub fn add(&mut self, puzzles: &[NewPuzzle], added: i64) -> Result<Vec<Added>, BankError> {
        let path = self.path.display().to_string();
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|source| self_error(&path, source))?;
        let answers = puzzles
            .iter()
            .map(|puzzle| insert(&transaction, &path, puzzle, added))
            .collect::<Result<Vec<_>, _>>()?;
        transaction
            .commit()
            .map_err(|source| self_error(&path, source))?;
        Ok(answers)
    }

    /// Opens a write transaction (waiting for another writer up to the busy timeout) unless
    /// one is open: what [`Bank::insert`] adds from now on is stored at [`Bank::commit`],
    /// or not at all if the process ends first.
    pub fn begin(&mut self) -> Result<(), BankError> {
        if self.connection.is_autocommit() {
            self.connection
                .execute_batch("BEGIN IMMEDIATE")
                .map_err(|source| self.error(source))?;
        }
        Ok(())
    }

    /// Commits the open write transaction, if any.
    pub fn commit(&mut self) -> Result<(), BankError> {
        if !self.connection.is_autocommit() {
            self.connection
                .execute_batch("COMMIT")
                .map_err(|source| self.error(source))?;
        }
        Ok(())
    }

    /// Stores one puzzle (in the open transaction, see [`Bank::begin`]), or answers with the
    /// earlier record of its canonical key.
    pub fn insert(&mut self, puzzle: &NewPuzzle, added: i64) -> Result<Added, BankError> {
        let path = self.path.display().to_string();
        insert(&self.connection, &path, puzzle, added)
    }

    /// The stored puzzle with this canonical key, if any (including those of the open
    /// transaction).
    pub fn find(&self, canonical_key: &str) -> Result<Option<Stored>, BankError> {
        self.connection
            .prepare_cached(&format!(
                "SELECT {COLUMNS} FROM puzzles WHERE canonical_key = ?1"
            ))
            .and_then(|mut statement| statement.query_row([canonical_key], stored).optional())
            .map_err(|source| self.error(source))
    }

    /// How SQLite plans the query of `filter` (`EXPLAIN QUERY PLAN`, one line per step):
    /// which index it uses.
    pub fn query_plan(&self, filter: &Filter) -> Result<Vec<String>, BankError> {
        let (sql, values) = query_sql(filter);
        let mut statement = self
            .connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .map_err(|source| self.error(source))?;
        let rows = statement
            .query_map(rusqlite::params_from_iter(values), |row| {
                row.get::<_, String>(3)
            })
            .map_err(|source| self.error(source))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|source| self.error(source))
    }

    /// The puzzles the filter lets through, oldest first.
    pub fn query(&self, filter: &Filter) -> Result<Vec<Stored>, BankError> {
        let mut found = Vec::new();
        self.query_each(filter, |stored| found.push(stored))?;
        Ok(found)
    }

    /// Hands each puzzle the filter lets through to `each`, oldest first, one at a time (a
    /// large export holds one row, not the bank). One statement: one read transaction.
    pub fn query_each(
        &self,
        filter: &Filter,
        mut each: impl FnMut(Stored),
    ) -> Result<(), BankError> {
        let (sql, values) = query_sql(filter);
        let mut statement = self
            .connection
            .prepare(&sql)
            .map_err(|source| self.error(source))?;
        let rows = statement
            .query_map(rusqlite::params_from_iter(values), stored)
            .map_err(|source| self.error(source))?;
        for row in rows {
            each(row.map_err(|source| self.error(source))?);
        }
        Ok(())
    }

    /// How many puzzles of each variant, size and level.
    pub fn stats(&self) -> Result<Vec<Count>, BankError> {
        let mut statement = self
            .connection
            .prepare(
                "SELECT variant, size, level, count(*) FROM puzzles \
                 GROUP BY variant, size, level ORDER BY variant, size, level",
            )
            .map_err(|source| self.error(source))?;
        let rows = statement
            .query_map([], |row| {
                Ok(Count {
                    variant: row.get(0)?,
                    size: row.get(1)?,
                    level: row.get(2)?,
                    count: row.get::<_, i64>(3)?.unsigned_abs(),
                })
            })
            .map_err(|source| self.error(source))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|source| self.error(source))
    }

    /// Checks the file's structure (`PRAGMA quick_check`): `Ok` when SQLite finds nothing
    /// wrong, else what it found.
    pub fn check(&self) -> Result<(), BankError> {
        let answer: String = self
            .connection
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(|source| self.error(source))?;
        if answer == "ok" {
            Ok(())
        } else {
            Err(BankError::NotABank {
                path: self.path.display().to_string(),
                reason: answer,
            })
        }
    }
}

/// The stored spelling of a level (`Easy` …), so that a filter spelt in any case compares
/// with `=` and the level's index serves it.
fn stored_level(level: &str) -> String {
    crate::grade::Level::ALL
        .into_iter()
        .map(|known| known.to_string())
        .find(|known| known.eq_ignore_ascii_case(level.trim()))
        .unwrap_or_else(|| level.to_string())
}

/// The SELECT for `filter` and its values.
fn query_sql(filter: &Filter) -> (String, Vec<rusqlite::types::Value>) {
    let mut conditions = Vec::new();
    let mut values: Vec<rusqlite::types::Value> = Vec::new();
    if let Some(level) = &filter.level {
        values.push(stored_level(level).into());
        conditions.push(format!("level = ?{}", values.len()));
    }
    if let Some(minimum) = filter.se_minimum {
        values.push(minimum.into());
        conditions.push(format!("se_rating >= ?{}", values.len()));
    }
    if let Some(maximum) = filter.se_maximum {
        values.push(maximum.into());
        conditions.push(format!("se_rating <= ?{}", values.len()));
    }
    if let Some(minimum) = filter.score_minimum {
        values.push(i64::from(minimum).into());
        conditions.push(format!("score >= ?{}", values.len()));
    }
    if let Some(maximum) = filter.score_maximum {
        values.push(i64::from(maximum).into());
        conditions.push(format!("score <= ?{}", values.len()));
    }
    if let Some(diagonals) = filter.diagonals {
        values.push(i64::from(diagonals).into());
        conditions.push(format!("diagonals = ?{}", values.len()));
    }
    if let Some(variant) = &filter.variant {
        values.push(variant.trim().to_ascii_lowercase().into());
        conditions.push(format!("variant = ?{}", values.len()));
    }
    if let Some(size) = filter.size {
        values.push(i64::from(size).into());
        conditions.push(format!("size = ?{}", values.len()));
    }
    // Oldest first would have SQLite walk the whole table in id order rather than a range
    // of the rating's index and sort what it finds: a range alone names its index.
    let grouped = filter.level.is_some() || filter.variant.is_some() || filter.size.is_some();
    let se = filter.se_minimum.is_some() || filter.se_maximum.is_some();
    let score = filter.score_minimum.is_some() || filter.score_maximum.is_some();
    let index = match (grouped, se, score) {
        (false, true, _) => " INDEXED BY puzzles_by_se_rating",
        (false, false, true) => " INDEXED BY puzzles_by_score",
        _ => "",
    };
    let mut sql = format!("SELECT {COLUMNS} FROM puzzles{index}");
    if !conditions.is_empty() {
        sql.push_str(" WHERE ");
        sql.push_str(&conditions.join(" AND "));
    }
    sql.push_str(" ORDER BY id");
    if let Some(limit) = filter.limit {
        sql.push_str(&format!(" LIMIT {limit}"));
    }
    (sql, values)
}

/// Stores one puzzle on `connection` (in whatever transaction is open there), or answers
/// with the earlier record of its key.
fn insert(
    connection: &Connection,
    path: &str,
    puzzle: &NewPuzzle,
    added: i64,
) -> Result<Added, BankError> {
    let mut statement = connection
        .prepare_cached(INSERT)
        .map_err(|source| self_error(path, source))?;
    let changed = statement
        .execute(params![
            puzzle.canonical_key,
            puzzle.puzzle,
            puzzle.definition,
            puzzle.solution,
            puzzle.variant,
            puzzle.size,
            puzzle.level,
            puzzle.score,
            puzzle.se_rating,
            puzzle.se,
            puzzle.source,
            added,
            puzzle.diagonals,
        ])
        .map_err(|source| self_error(path, source))?;
    if changed == 1 {
        return Ok(Added::Stored(connection.last_insert_rowid()));
    }
    let earlier = connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM puzzles WHERE canonical_key = ?1"
        ))
        .and_then(|mut find| find.query_row([&puzzle.canonical_key], stored))
        .map_err(|source| self_error(path, source))?;
    Ok(Added::Seen(Box::new(earlier)))
}

fn self_error(path: &str, source: rusqlite::Error) -> BankError {
    match source.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) | Some(rusqlite::ErrorCode::DatabaseCorrupt) => {
            BankError::NotABank {
                path: path.to_string(),
                reason: source.to_string(),
            }
        }
        _ => BankError::Sqlite {
            path: path.to_string(),
            error: source,
        },
    }
}

fn stored(row: &rusqlite::Row<'_>) -> rusqlite::Result<Stored> {
    Ok(Stored {
        id: row.get(0)?,
        record: NewPuzzle {
            canonical_key: row.get(1)?,
            puzzle: row.get(2)?,
            definition: row.get(3)?,
            solution: row.get(4)?,
            variant: row.get(5)?,
            size: row.get(6)?,
            level: row.get(7)?,
            score: row.get(8)?,
            se_rating: row.get(9)?,
            se: row.get(10)?,
            source: row.get(11)?,
            diagonals: row.get(13)?,
        },
        added: row.get(12)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(key: &str) -> NewPuzzle {
        NewPuzzle {
            canonical_key: key.to_string(),
            puzzle: "1...".to_string(),
            definition: "()".to_string(),
            solution: "1234".to_string(),
            variant: "classic".to_string(),
            size: 9,
            level: "Easy".to_string(),
            score: 100,
            se_rating: Some(2.3),
            se: Some("2.3/1.2/1.2".to_string()),
            source: "test:1".to_string(),
            diagonals: 0,
        }
    }

    #[test]
    fn a_key_is_stored_once_and_then_seen() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("bank.sqlite");
        let mut bank = Bank::open(&path, true).unwrap();
        let answers = bank
            .add(&[sample("a"), sample("b"), sample("a")], 7)
            .unwrap();
        assert!(matches!(answers[0], Added::Stored(1)));
        assert!(matches!(answers[1], Added::Stored(2)));
        match &answers[2] {
            Added::Seen(earlier) => assert_eq!(earlier.id, 1),
            other => panic!("{other:?}"),
        }
        let again = Bank::open(&path, false).unwrap();
        assert_eq!(again.query(&Filter::default()).unwrap().len(), 2);
        let filter = Filter {
            se_minimum: Some(2.0),
            level: Some("easy".to_string()),
            limit: Some(1),
            ..Filter::default()
        };
        assert_eq!(again.query(&filter).unwrap().len(), 1);
        assert_eq!(again.stats().unwrap()[0].count, 2);
        again.check().unwrap();
    }

    #[test]
    fn a_reader_answers_while_a_writer_holds_a_transaction_open() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("bank.sqlite");
        let mut writer = Bank::open(&path, true).unwrap();
        writer.add(&[sample("a")], 7).unwrap();
        writer.begin().unwrap();
        assert!(matches!(
            writer.insert(&sample("b"), 8).unwrap(),
            Added::Stored(2)
        ));
        // the write transaction is open: a reader neither waits nor sees the open batch (a
        // reader that waited for the writer, here on the same thread, could only end in a
        // busy error, the writer never committing while it waits)
        let reader = Bank::open_to_read(&path).unwrap();
        assert_eq!(reader.query(&Filter::default()).unwrap().len(), 1);
        assert_eq!(reader.stats().unwrap()[0].count, 1);
        // the writer sees its own open batch, and a key seen there is not stored twice
        assert!(writer.find("b").unwrap().is_some());
        assert!(matches!(
            writer.insert(&sample("b"), 9).unwrap(),
            Added::Seen(_)
        ));
        writer.commit().unwrap();
        assert_eq!(reader.query(&Filter::default()).unwrap().len(), 2);
    }

    #[test]
    fn level_and_variant_queries_use_an_index() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("bank.sqlite");
        let mut bank = Bank::open(&path, true).unwrap();
        bank.add(&[sample("a"), sample("b")], 7).unwrap();
        let bank = Bank::open_to_read(&path).unwrap();
        for filter in [
            Filter {
                level: Some("hard".to_string()),
                ..Filter::default()
            },
            Filter {
                variant: Some("Killer".to_string()),
                limit: Some(5),
                ..Filter::default()
            },
            Filter {
                variant: Some("classic".to_string()),
                size: Some(9),
                level: Some("EASY".to_string()),
                ..Filter::default()
            },
            Filter {
                se_minimum: Some(9.0),
                ..Filter::default()
            },
            Filter {
                score_minimum: Some(1000),
                score_maximum: Some(2000),
                ..Filter::default()
            },
        ] {
            let plan = bank.query_plan(&filter).unwrap().join("; ");
            assert!(
                plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX"),
                "{filter:?}: {plan}"
            );
            assert!(!plan.starts_with("SCAN puzzles"), "{filter:?}: {plan}");
        }
        // spelt in any case, the filter still finds what is stored
        let filter = Filter {
            level: Some("EASY".to_string()),
            variant: Some("Classic".to_string()),
            ..Filter::default()
        };
        assert_eq!(bank.query(&filter).unwrap().len(), 2);
    }

    #[test]
    fn score_and_diagonal_filters_find_what_they_name() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("bank.sqlite");
        let mut bank = Bank::open(&path, true).unwrap();
        let one = NewPuzzle {
            variant: "x".to_string(),
            diagonals: 1,
            score: 100,
            ..sample("9x1:one")
        };
        let both = NewPuzzle {
            variant: "x".to_string(),
            diagonals: 2,
            score: 2000,
            ..sample("9x:both")
        };
        bank.add(&[one, both], 7).unwrap();
        let found = |filter: Filter| -> Vec<String> {
            let stored = bank.query(&filter).unwrap();
            stored.into_iter().map(|s| s.record.canonical_key).collect()
        };
        let x = |diagonals| Filter {
            variant: Some("x".to_string()),
            diagonals: Some(diagonals),
            ..Filter::default()
        };
        assert_eq!(found(x(1)), ["9x1:one"]);
        assert_eq!(found(x(2)), ["9x:both"]);
        let scored = Filter {
            score_minimum: Some(1000),
            ..Filter::default()
        };
        assert_eq!(found(scored), ["9x:both"]);
        let scored = Filter {
            score_maximum: Some(1000),
            ..Filter::default()
        };
        assert_eq!(found(scored), ["9x1:one"]);
    }

    #[test]
    fn foreign_and_newer_files_are_refused_untouched() {
        let folder = tempfile::tempdir().unwrap();
        let text = folder.path().join("notes.txt");
        std::fs::write(&text, "not a database at all, just some text\n".repeat(200)).unwrap();
        let error = Bank::open(&text, true).err().unwrap();
        assert!(matches!(error, BankError::NotABank { .. }), "{error}");
        assert!(std::fs::read_to_string(&text)
            .unwrap()
            .starts_with("not a database"));
        let newer = folder.path().join("newer.sqlite");
        drop(Bank::open(&newer, true).unwrap());
        let connection = Connection::open(&newer).unwrap();
        connection
            .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        drop(connection);
        let error = Bank::open(&newer, true).err().unwrap();
        assert!(matches!(error, BankError::NewerSchema { .. }), "{error}");
        assert!(Bank::open(&folder.path().join("none.sqlite"), false).is_err());
    }
}
