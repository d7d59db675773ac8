//! Work that stops when asked: each engine, grader and the generator, cancelled mid-work on a
//! grid that keeps it busy for long (an empty 25×25; the SE scale's largest, an empty 9×9),
//! returns within 100 ms of the flag and says it was stopped, with the reason.

use std::time::{Duration, Instant};

use sudokit::backtrack::Solver;
use sudokit::budget::{Budget, Cancel, Stopped};
use sudokit::grade::explainer::{SeRater, SeStop};
use sudokit::grade::{Grader, Stop};
use sudokit::model::{Geometry, Grid, Puzzle};
use sudokit::preset::Preset;
use sudokit::sat::{self, SatError};

/// How long the work runs before the flag is raised.
const WORK_FIRST: Duration = Duration::from_millis(400);

/// The most time from the flag to the call's return.
const LATENCY: Duration = Duration::from_millis(100);

/// Held by the test measuring a latency.
static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn empty(size: usize) -> Puzzle {
    Puzzle::classic(Grid::empty(Geometry::for_size(size).unwrap())).unwrap()
}

/// Runs `work` with a budget whose flag another thread raises after [`WORK_FIRST`]; its
/// answer and the time from the flag to the return. A run past [`LATENCY`] is tried once
/// more: on a loaded two-core machine a busy thread can wait that long for a core once, but
/// a search that does not look at its flag is late every time.
fn cancelled_mid_work<T>(work: impl Fn(&Budget) -> T) -> (T, Duration) {
    // one at a time: on two cores, these busy tests would otherwise measure each other
    let _turn = TURN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let first = cancelled_once(&work);
    if first.1 <= LATENCY {
        return first;
    }
    cancelled_once(&work)
}

fn cancelled_once<T>(work: &impl Fn(&Budget) -> T) -> (T, Duration) {
    let cancel = Cancel::new();
    let budget = Budget::unlimited().with_cancel(&cancel);
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(WORK_FIRST);
        let raised = Instant::now();
        cancel.cancel();
        raised
    });
    let answer = work(&budget);
    let returned = Instant::now();
    let raised = raiser.join().unwrap();
    assert!(
        returned > raised,
        "the work ended before it was cancelled: pick a longer task"
    );
    (answer, returned - raised)
}

fn assert_prompt(latency: Duration, what: &str) {
    assert!(
        latency <= LATENCY,
        "{what} returned {latency:?} after the flag (at most {LATENCY:?})"
    );
}

#[test]
fn the_native_engine_stops_counting_an_empty_25x25() {
    let puzzle = empty(25);
    let (answer, latency) = cancelled_mid_work(|budget| {
        Solver::new(&puzzle).count_budgeted(puzzle.givens(), usize::MAX, budget)
    });
    assert_eq!(answer, Err(Stopped::Cancelled));
    assert_prompt(latency, "the native engine");
}

#[test]
fn a_native_solver_given_a_budget_stops_counting_an_empty_25x25() {
    let puzzle = empty(25);
    let (answer, latency) =
        cancelled_mid_work(|budget| Solver::new(&puzzle).with_budget(budget).count(usize::MAX));
    assert_eq!(answer, Err(Stopped::Cancelled));
    assert_prompt(latency, "a native solver given a budget");
}

#[test]
fn the_native_engine_stops_at_its_deadline() {
    let puzzle = empty(25);
    let deadline = Duration::from_millis(300);
    // one at a time, and a late run tried once more, as in `cancelled_mid_work`
    let _turn = TURN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let counted_within_deadline = || {
        let started = Instant::now();
        let budget = Budget::unlimited().with_timeout(deadline);
        let answer = Solver::new(&puzzle).count_budgeted(puzzle.givens(), usize::MAX, &budget);
        (answer, started.elapsed())
    };
    let (mut answer, mut took) = counted_within_deadline();
    if took >= deadline + LATENCY {
        (answer, took) = counted_within_deadline();
    }
    assert_eq!(answer, Err(Stopped::Deadline));
    assert!(
        took < deadline + LATENCY,
        "the native engine returned {took:?} after a deadline of {deadline:?}"
    );
}

#[test]
fn the_true_candidates_search_stops_on_an_empty_25x25_and_keeps_what_it_found() {
    let puzzle = empty(25);
    let (answer, latency) =
        cancelled_mid_work(|budget| sat::true_candidates_within(&puzzle, 1000, budget));
    let found = answer.expect("a stopped search is an answer, not an error");
    assert_eq!(found.stopped, Some(Stopped::Cancelled));
    assert!(!found.complete);
    assert_eq!(found.status(), "stopped");
    // whatever was found is real: each solution marked one digit in every cell
    for solution in &found.first_two {
        assert!(puzzle.is_solution(solution));
    }
    assert_prompt(latency, "the true-candidates search");
}

#[test]
fn the_true_candidates_search_stops_at_a_tiny_deadline_on_an_empty_16x16() {
    let _turn = TURN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let puzzle = empty(16);
    let deadline = Instant::now() + Duration::from_millis(5);
    let budget = Budget::unlimited().with_deadline(deadline);
    let found = sat::true_candidates_within(&puzzle, 1000, &budget).unwrap();
    let late = Instant::now().saturating_duration_since(deadline);
    assert_eq!(found.stopped, Some(Stopped::Deadline));
    assert_eq!(found.status(), "stopped");
    assert!(!found.complete);
    assert_prompt(late, "the true-candidates search past its deadline");
}

#[test]
fn the_sat_engine_stops_enumerating_an_empty_25x25() {
    let puzzle = empty(25);
    let (answer, latency) =
        cancelled_mid_work(|budget| sat::count_solutions_within(&puzzle, 1000, budget));
    assert!(
        matches!(answer, Err(SatError::Stopped(Stopped::Cancelled))),
        "{answer:?}"
    );
    assert_prompt(latency, "the SAT engine");
}

#[test]
fn the_hodoku_grader_stops_on_an_empty_25x25() {
    let puzzle = empty(25);
    let (grading, latency) =
        cancelled_mid_work(|budget| Grader::new(&puzzle).with_budget(budget).grade());
    assert_eq!(grading.stop, Some(Stop::Stopped(Stopped::Cancelled)));
    assert!(!grading.solved);
    assert_prompt(latency, "the HoDoKu grader");
}

#[test]
fn the_se_rater_stops_on_an_empty_9x9() {
    // the SE scale rates grids of up to 128 cells: the largest it takes, empty
    let puzzle = empty(9);
    let (rating, latency) = cancelled_mid_work(|budget| {
        SeRater::new(&puzzle)
            .unwrap()
            .with_work_limit(u64::MAX)
            .with_budget(budget)
            .rate()
    });
    assert_eq!(rating.stop, Some(SeStop::Stopped(Stopped::Cancelled)));
    assert_prompt(latency, "the SE rater");
}

#[test]
fn the_generator_stops_making_a_25x25() {
    let generator =
        sudokit::generate::Generator::new(&Preset::builtin("sudoku-25").unwrap()).unwrap();
    // puzzle after puzzle (each takes a fraction of a second) until one is stopped
    let (made, latency) = cancelled_mid_work(|budget| {
        let generator = generator.clone().with_budget(budget);
        (0..10_000).try_for_each(|index| generator.puzzle(1, index).map(|_| ()))
    });
    assert!(
        matches!(
            made,
            Err(sudokit::generate::GenerateError::Stopped(
                Stopped::Cancelled
            ))
        ),
        "{made:?}"
    );
    assert_prompt(latency, "the generator");
}

#[test]
fn an_unlimited_budget_changes_no_answer() {
    // the same count and the same solutions with and without a budget that never stops
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle = sudokit::notation::parse(line, None)
        .unwrap()
        .remove(0)
        .puzzle;
    let budget = Budget::unlimited().with_cancel(&Cancel::new());
    assert_eq!(
        Solver::new(&puzzle).count_budgeted(puzzle.givens(), 2, &budget),
        Ok(sudokit::backtrack::count_solutions(&puzzle, 2))
    );
    assert_eq!(
        sat::count_solutions_within(&puzzle, 2, &budget).unwrap(),
        sat::count_solutions(&puzzle, 2).unwrap()
    );
    assert_eq!(
        Grader::new(&puzzle).with_budget(&budget).grade(),
        Grader::new(&puzzle).grade()
    );
}

#[test]
fn setter_help_stops_on_an_empty_25x25() {
    use rand::SeedableRng;
    let puzzle = empty(25);
    let count = sudokit::backtrack::count_solutions(&puzzle, 2);
    assert!(matches!(count, sudokit::Count::Multiple { .. }));
    let (advice, latency) = cancelled_mid_work(|budget| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        sudokit::suggest::suggest_within(&puzzle, &count, &mut rng, budget)
    });
    assert!(
        matches!(
            advice,
            Err(sudokit::suggest::SuggestError::Stopped(Stopped::Cancelled))
        ),
        "{advice:?}"
    );
    assert_prompt(latency, "setter help");
}
