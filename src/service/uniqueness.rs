//! The uniqueness policy: which engine proves how many solutions a puzzle has. One place
//! maps an engine choice to library calls, and [`prove`] is the policy every rating uses
//! (native within a budget, then SAT; bounded by the rating's work limit).

use crate::backtrack::Solver;
use crate::budget::{Budget, Stopped};
use crate::model::{Grid, Puzzle};
use crate::{sat, Count};

/// Which engine answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The SAT encoding solved by splr: the independent authority.
    Sat,
    /// The native backtracking solver: propagation and branching, fastest.
    Native,
    /// Both, failing loudly if their counts (or, for a unique puzzle, their solutions)
    /// disagree.
    Both,
    /// The native engine within a budget of branch points, then, if the budget runs out,
    /// the SAT engine from the start.
    Auto,
}

impl Engine {
    /// Every engine, with its name (as `--engine` and the Python door's `engine=` take it).
    pub const ALL: [(Engine, &'static str); 4] = [
        (Engine::Sat, "sat"),
        (Engine::Native, "native"),
        (Engine::Both, "both"),
        (Engine::Auto, "auto"),
    ];
}

impl std::str::FromStr for Engine {
    type Err = String;

    fn from_str(text: &str) -> Result<Engine, String> {
        Engine::ALL
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(engine, _)| *engine)
            .ok_or_else(|| {
                let names: Vec<&str> = Engine::ALL.iter().map(|(_, name)| *name).collect();
                format!(
                    "give {} or {}",
                    names[..names.len() - 1].join(", "),
                    names[names.len() - 1]
                )
            })
    }
}

/// Work units one branch point of a uniqueness proof counts against a rating's work limit
/// (the native engine's, see [`crate::backtrack::BRANCH_WORK`]).
pub const BRANCH_WORK: u64 = crate::backtrack::BRANCH_WORK;

// A SAT proof is charged what it does: its solver calls, the literals it loads, splr's
// propagations and conflicts, each weighed (`sat::effort`) so that a unit of SAT work takes
// about the time of a native one (a thousandth of a branch point); the weights were measured
// on the shared sets (`examples/sat_work.rs`; BENCHMARKS.md, "Issue 28: work units of the
// SAT proof"). It gets what the native attempt left of the work limit, looked at before
// each solver call (a call starts only when its loading fits; splr cannot be stopped after
// so many conflicts, so the call's search itself may pass the limit, and is then charged
// what it did).

/// Branch points every proof may take whatever the work limit (about 15 ms on a 25×25): an
/// ordinary puzzle's count is then known even under a tiny limit.
pub const PROOF_FLOOR: u64 = 200;

/// How a proof of uniqueness ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// The count (up to 2) and the work it was charged.
    Counted(Count, u64),
    /// The work limit ran out before the count was known: the reason, on one line.
    Beyond(String),
}

/// The uniqueness policy of every rating: the native engine within
/// [`AUTO_NATIVE_BUDGET`] branch points (fewer when `work_limit` affords fewer, at
/// [`BRANCH_WORK`] each, but never under [`PROOF_FLOOR`]), then the SAT engine with what is
/// left of the limit, charged the work it does (see [`sat::Effort::work`]); past the limit
/// the answer is [`Proof::Beyond`], never an unbounded search. `budget`'s flag and deadline
/// stop either engine (the reason is the error then).
pub fn prove(puzzle: &Puzzle, work_limit: u64, budget: &Budget) -> Result<Proof, String> {
    let budget = budget.clone().without_work_limit();
    let branches = (work_limit / BRANCH_WORK).clamp(PROOF_FLOOR, AUTO_NATIVE_BUDGET);
    let mut solver = Solver::new(puzzle);
    let within = budget.clone().with_work_limit(branches);
    let native_work = match solver.count_budgeted(puzzle.givens(), 2, &within) {
        Ok(count) => return Ok(Proof::Counted(count, solver.guesses() * BRANCH_WORK)),
        Err(Stopped::WorkLimit { .. }) => branches * BRANCH_WORK,
        Err(stopped) => return Err(stopped.to_string()),
    };
    let left = work_limit.saturating_sub(native_work);
    let sat_budget = budget.with_work_limit(left);
    match sat::count_solutions_measured(puzzle, 2, &sat_budget) {
        Ok((count, effort)) => Ok(Proof::Counted(count, native_work + effort.work())),
        Err(sat::SatError::Stopped(Stopped::WorkLimit { .. })) => Ok(Proof::Beyond(format!(
            "proving it unique needs more than the work limit of {work_limit} affords \
             ({branches} branch points of the native engine, then {left} units of the SAT \
             engine's)"
        ))),
        Err(sat::SatError::Stopped(stopped)) => Err(stopped.to_string()),
        Err(error) => Err(format!("SAT engine: {error}")),
    }
}

/// Branch points the native engine may visit under `--engine auto` before the SAT engine
/// takes over: about 0.15 s on a 25×25 grid, far more than any 9×9 or 16×16 of the test
/// data needs (BENCHMARKS.md, "25×25").
pub const AUTO_NATIVE_BUDGET: u64 = 2_000;

/// An engine's answer and, for the native engine, how many guesses (branch points) it took.
pub struct Answer {
    /// How many solutions, up to the limit.
    pub count: Count,
    /// Branch points of the native search (none for SAT).
    pub guesses: Option<u64>,
}

/// Counts the puzzle's solutions up to `limit` with the chosen engine; with `both`, a
/// disagreement between the engines is an error.
pub fn count(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Count, String> {
    count_within(engine, puzzle, limit, &Budget::unlimited())
}

/// Like [`count`], stopped when `budget`'s flag is raised or its deadline passes (the
/// reason, `stopped: …`, is the error then).
pub fn count_within(
    engine: Engine,
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Count, String> {
    answer_within(engine, puzzle, limit, budget).map(|answer| answer.count)
}

/// Like [`count`], with the native engine's guess count.
pub fn answer(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Answer, String> {
    answer_within(engine, puzzle, limit, &Budget::unlimited())
}

/// Like [`answer`], within `budget` (see [`count_within`]).
pub fn answer_within(
    engine: Engine,
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Answer, String> {
    let budget = budget.clone().without_work_limit();
    let native = |solver: &mut Solver, budget: &Budget| {
        solver
            .count_budgeted(puzzle.givens(), limit, budget)
            .map_err(|stopped| stopped.to_string())
    };
    match engine {
        Engine::Sat => Ok(Answer {
            count: count_with_sat(puzzle, limit, &budget)?,
            guesses: None,
        }),
        Engine::Native => {
            let mut solver = Solver::new(puzzle).with_triad_rule();
            let count = native(&mut solver, &budget)?;
            Ok(Answer {
                count,
                guesses: Some(solver.guesses()),
            })
        }
        Engine::Auto => {
            let mut solver = Solver::new(puzzle).with_triad_rule();
            let within = budget.clone().with_work_limit(AUTO_NATIVE_BUDGET);
            let count = match solver.count_budgeted(puzzle.givens(), limit, &within) {
                Ok(count) => count,
                Err(Stopped::WorkLimit { .. }) => count_with_sat(puzzle, limit, &budget)?,
                Err(stopped) => return Err(stopped.to_string()),
            };
            Ok(Answer {
                count,
                guesses: Some(solver.guesses()),
            })
        }
        Engine::Both => {
            let mut solver = Solver::new(puzzle).with_triad_rule();
            let native = native(&mut solver, &budget)?;
            let sat = count_with_sat(puzzle, limit, &budget)?;
            check_agreement(&native, &sat)?;
            Ok(Answer {
                count: sat,
                guesses: Some(solver.guesses()),
            })
        }
    }
}

fn count_with_sat(puzzle: &Puzzle, limit: usize, budget: &Budget) -> Result<Count, String> {
    sat::count_solutions_within(puzzle, limit, budget).map_err(|error| match error {
        sat::SatError::Stopped(stopped) => stopped.to_string(),
        error => format!("SAT engine: {error}"),
    })
}

fn check_agreement(native: &Count, sat: &Count) -> Result<(), String> {
    let same_solution = match (native, sat) {
        (Count::Unique(native), Count::Unique(sat)) => native == sat,
        _ => true,
    };
    if native.found() == sat.found() && same_solution {
        return Ok(());
    }
    Err(format!(
        "THE ENGINES DISAGREE: native found {} ({}), SAT found {} ({}); please report this puzzle",
        native.found(),
        native.word(),
        sat.found(),
        sat.word()
    ))
}

/// Lists up to `limit` solutions; only the SAT engine enumerates them.
/// Stops when `budget`'s flag is raised or its deadline passes (see [`count_within`]).
pub fn solutions_within(
    engine: Engine,
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Vec<Grid>, String> {
    match engine {
        Engine::Sat | Engine::Both | Engine::Auto => sat::solutions_within(puzzle, limit, budget)
            .map_err(|error| match error {
                sat::SatError::Stopped(stopped) => stopped.to_string(),
                error => format!("SAT engine: {error}"),
            }),
        Engine::Native => {
            Err("listing every solution (--all) uses the SAT engine: pass --engine sat".into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    fn puzzle(text: &str) -> Puzzle {
        notation::parse(text, None).unwrap().remove(0).puzzle
    }

    #[test]
    fn a_rating_proof_is_bounded_by_its_work_limit() {
        // the first 25×25 of the gecode set (tests/data/sizes): unique, but its native proof
        // runs for minutes and its SAT proof for about a minute
        let text = include_str!("../../tests/data/sizes/gecode_25x25.txt");
        let line = text
            .lines()
            .find(|line| line.trim().len() >= 625 && !line.starts_with('#'))
            .unwrap();
        let large = puzzle(&line.trim()[..625]);
        let beyond = prove(&large, 1_000, &Budget::unlimited()).unwrap();
        assert!(
            matches!(&beyond, Proof::Beyond(reason) if reason.contains("work limit of 1000")),
            "{beyond:?}"
        );
        // an ordinary 9×9 is proved natively under any limit, and the solution is the one
        // the SAT engine finds
        let hard = puzzle(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let Proof::Counted(Count::Unique(solution), work) =
            prove(&hard, 1, &Budget::unlimited()).unwrap()
        else {
            panic!("not proved unique");
        };
        assert!(work <= PROOF_FLOOR * BRANCH_WORK);
        assert_eq!(
            sat::count_solutions(&hard, 2).unwrap(),
            Count::Unique(solution)
        );
    }

    #[test]
    fn a_sat_proof_is_charged_the_work_it_does() {
        // the 16×16 irregular killer of the shared variant set: 152 441 branch points
        // natively, so the native attempt runs out and the SAT engine proves it
        let text = include_str!("../../tests/data/variants/irregular_killer_16x16.tsv");
        // title, keys, link, solution: the puzzle is the link
        let link = text
            .lines()
            .find(|line| !line.starts_with('#'))
            .and_then(|line| line.split('\t').nth(2))
            .unwrap();
        let puzzle = puzzle(link);
        let (count, effort) =
            sat::count_solutions_measured(&puzzle, 2, &Budget::unlimited()).unwrap();
        assert!(count.is_unique());
        let native_work = AUTO_NATIVE_BUDGET * BRANCH_WORK;
        let Proof::Counted(proved, work) = prove(&puzzle, u64::MAX, &Budget::unlimited()).unwrap()
        else {
            panic!("not proved");
        };
        assert_eq!(proved, count);
        // the same solver calls on the same clauses: the same counts, bar splr's timing
        // (its restarts and reductions do not depend on the clock)
        assert_eq!(work, native_work + effort.work(), "{effort:?}");
        // a limit that leaves the SAT engine less than its first call's loading stops it
        // before it starts, and says so
        let short = prove(&puzzle, native_work + 1, &Budget::unlimited()).unwrap();
        assert!(
            matches!(&short, Proof::Beyond(reason) if reason.contains("then 1 units")),
            "{short:?}"
        );
    }
}
