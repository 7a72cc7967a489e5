//! Search tests on a toy game: a subtraction game (take 1 to 3 stones; the
//! side with no move loses), with knobs that make some moves tactical, give
//! it a static evaluation, or end it by "repetition" after some plies.

use super::score::{mate_in, mated_in, DRAW};
use super::*;
use crate::game::{Color, EndReason, Evaluate, FamilyRules, Game, GameError, NoChance, Outcome};
use crate::timeman::TimeLimits;
use arrayvec::ArrayVec;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
struct Nim {
    pile: u32,
    side: Color,
    history: Vec<u8>,
    /// Taking this many stones counts as a tactical move.
    tactical_take: Option<u8>,
    /// Static evaluation per stone left, for the side to move.
    eval_per_stone: i32,
    /// The game is drawn by "repetition" once this many plies were played.
    draw_after: Option<usize>,
}

impl Nim {
    fn new(pile: u32) -> Nim {
        Nim {
            pile,
            side: Color::Black,
            history: Vec::new(),
            tactical_take: None,
            eval_per_stone: 0,
            draw_after: None,
        }
    }
}

impl Game for Nim {
    type Move = u8;
    type Moves = ArrayVec<u8, 3>;
    type Chance = NoChance;
    const VARIANT: &'static str = "nim";

    fn startpos() -> Self {
        Nim::new(5)
    }
    fn from_sfen(_: &usi::Sfen) -> Result<Self, GameError> {
        unreachable!("nim is only searched, never set up from input")
    }
    fn to_sfen(&self) -> usi::Sfen {
        usi::Sfen {
            board: Vec::new(),
            side: self.side.to_usi(),
            hand: Vec::new(),
            move_number: self.move_number() + 1,
        }
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn move_number(&self) -> u32 {
        self.history.len() as u32
    }
    fn key(&self) -> u64 {
        (u64::from(self.pile) * 2 + self.side.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn generate_legal(&self, moves: &mut Self::Moves) {
        for take in 1..=3u8 {
            if u32::from(take) <= self.pile {
                moves.push(take);
            }
        }
    }
    fn do_move(&mut self, m: u8) {
        self.pile -= u32::from(m);
        self.history.push(m);
        self.side = self.side.flip();
    }
    fn undo_move(&mut self) {
        let m = self.history.pop().expect("a move to undo");
        self.pile += u32::from(m);
        self.side = self.side.flip();
    }
    fn parse_move(&self, _: &usi::MoveToken) -> Result<u8, GameError> {
        unreachable!("nim is only searched, never given moves as input")
    }
    fn format_move(&self, m: u8) -> usi::MoveToken {
        usi::MoveToken::Move(usi::UsiMove::Drop {
            promoted: false,
            letters: vec!['P'],
            to: usi::Square { file: m, rank: 0 },
        })
    }
    fn in_check(&self) -> bool {
        false
    }
    fn outcome(&self, _: &Rules) -> Option<Outcome> {
        (self.pile == 0).then_some(Outcome::Loss(EndReason::Checkmate))
    }
    fn repetition(&self) -> Option<Outcome> {
        let limit = self.draw_after?;
        (self.history.len() >= limit).then_some(Outcome::Draw(EndReason::Repetition))
    }
    fn display(&self) -> String {
        format!("pile {}", self.pile)
    }
}

impl FamilyRules for Nim {}

impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        self.eval_per_stone * self.pile as i32
    }
}

impl SearchHooks for Nim {
    fn is_tactical(&self, m: u8) -> bool {
        self.tactical_take == Some(m)
    }
    fn order_score(&self, m: u8) -> i32 {
        i32::from(m)
    }
}

fn run(pos: &mut Nim, limits: Limits<u8>) -> (SearchResult<u8>, Vec<usi::Info>) {
    run_with(pos, limits, &SearchControl::unlimited())
}

fn run_with(
    pos: &mut Nim,
    limits: Limits<u8>,
    control: &SearchControl,
) -> (SearchResult<u8>, Vec<usi::Info>) {
    let mut tt = TranspositionTable::new(1).unwrap();
    let mut infos = Vec::new();
    let result = search(
        pos,
        &mut tt,
        control,
        &limits,
        &Rules::default(),
        &mut |info| infos.push(info),
    );
    (result, infos)
}

fn depth(d: u32) -> Limits<u8> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn finds_the_winning_move_and_its_mate_distance() {
    let mut pos = Nim::new(5);
    let (r, _) = run(&mut pos, depth(10));
    assert_eq!(r.best, Some(1), "leave a multiple of four");
    assert_eq!(r.score, mate_in(3));
    assert_eq!(r.pv.len(), 3);
    assert_eq!(pos.pile, 5, "position restored");
    assert!(r.depth <= 10);
}

#[test]
fn a_lost_position_scores_mated() {
    let mut pos = Nim::new(8);
    let (r, infos) = run(&mut pos, depth(10));
    assert_eq!(r.score, mated_in(4));
    assert!(r.is_lost());
    assert!(r.best.is_some(), "still answers with a move");
    let last = infos.last().unwrap();
    assert_eq!(last.score, Some((usi::Score::Mate(-4), usi::Bound::Exact)));
}

#[test]
fn no_legal_move_means_no_best_move() {
    let mut pos = Nim::new(0);
    let (r, infos) = run(&mut pos, depth(5));
    assert_eq!(r.best, None);
    assert!(r.is_lost());
    assert!(infos.is_empty());
}

#[test]
fn respects_the_depth_limit_and_reports_each_iteration() {
    let mut pos = Nim::new(41);
    let (r, infos) = run(&mut pos, depth(4));
    assert_eq!(r.depth, 4);
    let depths: Vec<_> = infos.iter().map(|i| i.depth.unwrap()).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    for info in &infos {
        assert!(info.nodes.is_some() && info.time.is_some() && info.hashfull.is_some());
        assert!(!info.pv.is_empty());
    }
    assert_eq!(infos[0].pv[0], "P*3a", "moves formatted by the game");
}

#[test]
fn respects_the_node_limit() {
    let mut pos = Nim::new(200);
    let limits = Limits {
        nodes: Some(500),
        ..Limits::default()
    };
    let (r, _) = run(&mut pos, limits);
    assert!(r.nodes <= 500, "{} nodes", r.nodes);
    assert!(r.best.is_some());
    assert_eq!(pos.pile, 200);
}

#[test]
fn a_search_stopped_before_it_starts_still_answers() {
    let mut pos = Nim::new(30);
    let control = SearchControl::unlimited();
    control.stop();
    let (r, _) = run_with(&mut pos, Limits::default(), &control);
    assert_eq!(r.depth, 0);
    assert_eq!(r.best, Some(3), "first move in search order");
    assert!(!r.is_lost(), "an unfinished search proves nothing");
}

#[test]
fn the_hard_limit_ends_an_unbounded_search() {
    let mut pos = Nim::new(400);
    let limits = TimeLimits {
        floor: Duration::ZERO,
        soft: Some(Duration::from_millis(10_000)),
        hard: Some(Duration::from_millis(50)),
    };
    let control = SearchControl::new(limits, false, false);
    let start = Instant::now();
    let (r, _) = run_with(&mut pos, Limits::default(), &control);
    assert!(start.elapsed() < Duration::from_millis(1000));
    assert!(r.best.is_some());
}

#[test]
fn the_soft_limit_starts_no_new_iteration() {
    let mut pos = Nim::new(400);
    let limits = TimeLimits {
        floor: Duration::ZERO,
        soft: Some(Duration::ZERO),
        hard: None,
    };
    let control = SearchControl::new(limits, false, false);
    let (r, infos) = run_with(&mut pos, Limits::default(), &control);
    assert_eq!(r.depth, 1);
    assert_eq!(infos.len(), 1);
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut pos = Nim::new(5);
    let limits = Limits {
        depth: Some(6),
        searchmoves: vec![2, 3],
        ..Limits::default()
    };
    let (r, _) = run(&mut pos, limits);
    assert!(matches!(r.best, Some(2 | 3)));
    assert!(r.is_lost());
}

#[test]
fn evaluation_is_from_the_side_to_move() {
    let mut pos = Nim::new(21);
    pos.eval_per_stone = 10;
    let (r, _) = run(&mut pos, depth(1));
    // The opponent is left with 18 stones at best: -180 for us.
    assert_eq!((r.best, r.score), (Some(3), -180));
}

#[test]
fn quiescence_follows_tactical_moves_only() {
    // Taking three is tactical: at depth 1, leaving three stones lets the
    // opponent's quiescence search take them all and win.
    let mut pos = Nim::new(4);
    pos.tactical_take = Some(3);
    let (r, _) = run(&mut pos, depth(1));
    assert_ne!(r.best, Some(1));
    assert_eq!(r.score, DRAW, "quiet leaves stand pat");
    // And it finds its own tactical win at depth 1.
    let mut pos = Nim::new(3);
    pos.tactical_take = Some(3);
    let (r, _) = run(&mut pos, depth(1));
    assert_eq!((r.best, r.score), (Some(3), mate_in(1)));
}

#[test]
fn repetition_ends_interior_lines_but_not_the_root() {
    let mut pos = Nim::new(5);
    pos.draw_after = Some(2);
    let (r, _) = run(&mut pos, depth(8));
    assert_eq!(r.score, DRAW, "the mate needs three plies");

    let mut pos = Nim::new(3);
    pos.do_move(1);
    pos.do_move(1);
    pos.draw_after = Some(2);
    let (r, _) = run(&mut pos, depth(3));
    assert_eq!(r.best, Some(1), "the root answers even if drawn by rule");
}

#[test]
fn the_move_limit_draws() {
    let mut pos = Nim::new(9);
    let mut tt = TranspositionTable::new(1).unwrap();
    let rules = Rules {
        max_moves_to_draw: 2,
        ..Rules::default()
    };
    let r = search(
        &mut pos,
        &mut tt,
        &SearchControl::unlimited(),
        &depth(8),
        &rules,
        &mut |_| {},
    );
    assert_eq!(r.score, DRAW);
}

#[test]
fn ponder_move_is_the_second_pv_move() {
    let mut pos = Nim::new(6);
    let (r, _) = run(&mut pos, depth(6));
    assert_eq!(r.best, Some(2));
    assert_eq!(r.ponder, r.pv.get(1).copied());
    assert!(r.ponder.is_some());
}

#[test]
fn deterministic_node_counts() {
    let a = run(&mut Nim::new(60), depth(9)).0.nodes;
    let b = run(&mut Nim::new(60), depth(9)).0.nodes;
    assert_eq!(a, b);
}

#[test]
fn pruning_estimate_takes_the_table_score_beyond_the_evaluation() {
    let tt = TranspositionTable::<u8>::new(1).unwrap();
    let entry = |score: i32, bound: Bound| {
        tt.store_with_eval(7, Some(1), score, 5, bound, Some(0), false);
        tt.probe(7)
    };
    assert_eq!(table_bounded_eval::<u8>(100, None, 3), 100);
    let cases = [
        (300, Bound::Lower, 300),
        (50, Bound::Lower, 100),
        (50, Bound::Upper, 50),
        (300, Bound::Upper, 100),
        (-20, Bound::Exact, -20),
        (to_tt(mate_in(9), 3), Bound::Lower, 100),
    ];
    for (score, bound, expected) in cases {
        let e = entry(score, bound);
        assert_eq!(
            table_bounded_eval(100, e.as_ref(), 3),
            expected,
            "{score} {bound:?}"
        );
    }
}

#[test]
fn quiescence_keeps_the_positions_that_stood_pat() {
    let mut pos = Nim::new(9);
    pos.eval_per_stone = 10;
    let mut tt = TranspositionTable::new(1).unwrap();
    search(
        &mut pos,
        &mut tt,
        &SearchControl::unlimited(),
        &depth(1),
        &Rules::default(),
        &mut |_| {},
    );
    // No move is tactical, so every position after the root's moves stood
    // pat: the table keeps each without a move, for its evaluation.
    for take in 1..=3 {
        let mut child = pos.clone();
        child.do_move(take);
        let e = tt.probe(child.key()).expect("the position is kept");
        assert_eq!(e.mv, None);
        assert_eq!(e.static_eval(), Some(child.evaluate()));
        assert_eq!(e.depth, 0);
    }
}

/// A root move of a stopped iteration, searched with `score`.
fn root_move(mv: u8, score: i32) -> RootMove<u8> {
    RootMove {
        mv,
        score,
        previous: 0,
        pv: vec![mv],
    }
}

#[test]
fn a_loss_found_in_a_stopped_iteration_is_not_taken_as_proven() {
    // The last completed iteration chose move 1 at +311; the stopped one
    // found it mated and move 2 mated later, move 3 not searched yet.
    let completed = Some(Completed {
        depth: 13,
        score: 311,
        pv: vec![1],
    });
    let root = [
        root_move(1, mated_in(8)),
        root_move(2, mated_in(12)),
        root_move(3, -INFINITE),
    ];
    let better = Searcher::<Nim>::improved_in_partial(&root, &completed).unwrap();
    assert_eq!(better.pv, [2]);
    let result = SearchResult {
        best: Some(2),
        ponder: None,
        score: better.score,
        depth: better.depth,
        nodes: 0,
        pv: better.pv,
    };
    assert!(
        !result.is_lost(),
        "the engine would resign: {}",
        result.score
    );
    assert!(
        better.score < -3000,
        "still a very bad score: {}",
        better.score
    );

    // A move that improved to a real score keeps it.
    let root = [
        root_move(1, -200),
        root_move(2, 50),
        root_move(3, -INFINITE),
    ];
    let better = Searcher::<Nim>::improved_in_partial(&root, &completed).unwrap();
    assert_eq!((better.pv[0], better.score), (2, 50));
}

#[test]
fn the_singular_verdict_extends_cuts_or_reduces() {
    let test = |value, tt_score| SingularTest {
        value,
        singular_beta: tt_score - 20,
        tt_score,
        beta: 100,
    };
    // The rest fall just below the window: one ply more, on the PV or not.
    assert_eq!(
        singular_verdict(test(70, 100), true, false),
        Singular::Extend(1)
    );
    assert_eq!(
        singular_verdict(test(70, 100), false, false),
        Singular::Extend(1)
    );
    // Far below: two plies off the principal variation, one on it.
    let far = test(80 - SINGULAR_DOUBLE_MARGIN - 1, 100);
    assert_eq!(singular_verdict(far, false, true), Singular::Extend(2));
    assert_eq!(singular_verdict(far, true, false), Singular::Extend(1));
    // The rest beat beta too: the node is cut at the window.
    assert_eq!(
        singular_verdict(test(130, 130), false, true),
        Singular::Cut(110)
    );
    // Not singular: a ply less when the table move was expected to fail
    // high or the node to be cut, otherwise no change.
    assert_eq!(
        singular_verdict(test(90, 100), false, false),
        Singular::Extend(-1)
    );
    assert_eq!(
        singular_verdict(test(70, 90), false, true),
        Singular::Extend(-1)
    );
    assert_eq!(
        singular_verdict(test(70, 90), true, false),
        Singular::Extend(0)
    );
}
