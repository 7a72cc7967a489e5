//! Test helpers and checks standard shogi and Mortal Shogi share: building
//! positions and playing moves from text, and the checks of rules and of
//! the evaluation model that hold alike in both games.

use crate::board::eval::{evaluate_uncached, evaluate_with};
use crate::game::{EndReason, Evaluate, Game, Outcome, Rules};
use crate::tune::{feature_vector, flipped, random_positions, BoardTunable, Tunable};

/// The position an SFEN describes (which the test knows to be legal).
pub fn pos<G: Game>(sfen: &str) -> G {
    let parsed = usi::parse_sfen(sfen).expect("test SFEN parses");
    G::from_sfen(&parsed).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The legal moves as the game writes them, sorted.
pub fn legal<G: Game>(p: &G) -> Vec<String> {
    let mut list = G::Moves::default();
    p.generate_legal(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m).to_string()).collect();
    v.sort();
    v
}

/// The move `text` here (which the test knows to be legal).
pub fn mv<G: Game>(p: &G, text: &str) -> G::Move {
    let token = usi::parse_move_token(text).expect("test move parses");
    p.parse_move(&token)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays moves given as text, each checked by the game's parser.
pub fn play<G: Game>(p: &mut G, moves: &str) {
    for text in moves.split_whitespace() {
        let m = mv(p, text);
        p.do_move(m);
    }
}

/// A xorshift stream of numbers from `seed`, for random games.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut rng = seed | 1;
    move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    }
}

/// Mate loses; the same position four times draws, unless one side gave
/// check with every move since the first time, which loses. The perpetual
/// check is given by the rook-class piece `checker` (`R`, `+R`) from 9i.
pub fn check_game_ends<G: Game>(checker: &str) {
    let rules = Rules::default();
    // Gote king 1a, sente gold 1b guarded by the silver on 2c: mate.
    let p: G = pos("8k/8G/7S1/9/9/9/9/9/K8 w - 1");
    assert_eq!(p.outcome(&rules), Some(Outcome::Loss(EndReason::Checkmate)));
    let mut p: G = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    for _ in 0..3 {
        assert_eq!(p.outcome(&rules), None);
        play(&mut p, "5i5h 5a5b 5h5i 5b5a");
    }
    assert_eq!(
        p.outcome(&rules),
        Some(Outcome::Draw(EndReason::Repetition))
    );
    // Sente checks with every move; gote's king shuffles.
    let mut p: G = pos(&format!("8k/9/9/9/9/9/9/9/{checker}3K4 b - 1"));
    play(&mut p, "9i9a");
    for _ in 0..3 {
        play(&mut p, "1a1b 9a9b 1b1a 9b9a");
    }
    // Gote to move; sente checked with every move since the first occurrence.
    assert_eq!(
        p.outcome(&rules),
        Some(Outcome::Win(EndReason::PerpetualCheck))
    );
}

/// The evaluation model's bookkeeping: the cached evaluation, the uncached
/// one and the model with the shipped weights agree; the start position is
/// level; the material weights reproduce the material evaluation; the
/// weights file (`weights_text`) holds the shipped, tuned weights; the
/// feature groups come in order.
pub fn check_eval_model<P: BoardTunable>(weights_text: &str, seed: u64) {
    for p in random_positions::<P>(10, 120, 21) {
        let model = evaluate_with(&p, P::shipped_weights());
        assert_eq!(evaluate_uncached(&p), model, "{}", p.to_sfen());
        assert_eq!(p.evaluate(), model);
        assert_eq!(p.evaluate(), model);
    }
    assert_eq!(P::startpos().evaluate(), 0);
    assert_eq!(P::startpos().material_eval(), 0);
    let w = P::material_weights();
    for p in random_positions::<P>(5, 120, seed) {
        assert_eq!(evaluate_with(&p, &w), p.material_eval(), "{}", p.to_sfen());
    }
    let parsed = crate::tune::weights::load::<P>(weights_text).expect("the weights file parses");
    assert_eq!(parsed.as_slice(), P::shipped_weights());
    // Tuned, not the material-only placeholder.
    assert_ne!(parsed, P::material_weights());
    let groups = P::groups();
    for pair in groups.windows(2) {
        assert!(pair[0].1 < pair[1].1, "{pair:?}");
    }
    assert!(groups[groups.len() - 1].1 < P::NUM_FEATURES);
}

/// A position and its colour-flipped mirror evaluate alike, feature by
/// feature, over random games (`seed`); returns the positions for the
/// game's own checks of what they covered.
pub fn check_eval_symmetry<P: BoardTunable>(seed: u64) -> Vec<P> {
    let positions = random_positions::<P>(40, 150, seed);
    for p in &positions {
        let m = flipped(p);
        assert_eq!(m.side_to_move(), p.side_to_move().flip());
        assert_eq!(
            p.evaluate(),
            m.evaluate(),
            "{} vs {}",
            p.to_sfen(),
            m.to_sfen()
        );
        assert_eq!(feature_vector(p), feature_vector(&m), "{}", p.to_sfen());
    }
    assert!(positions.len() > 4000);
    positions
}

/// A rook taken (in hand, or just missing from gote's side) is worth far
/// more than a pawn taken.
pub fn check_rook_beats_pawn<G: Evaluate>() {
    let eval = |sfen: &str| pos::<G>(sfen).evaluate();
    let rook_in_hand = eval("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1");
    let pawn_in_hand = eval("lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1");
    assert!(
        rook_in_hand > pawn_in_hand + 400,
        "{rook_in_hand} {pawn_in_hand}"
    );
    assert!(pawn_in_hand > 0);
    let no_rook = eval("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    let no_pawn = eval("lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert!(no_rook > no_pawn + 400, "{no_rook} {no_pawn}");
}

/// The game's fast legality test agrees with its legal list: over the
/// positions of random games (`seed`) and the test's own `sfens`, for the
/// position's moves, the moves of other positions (legal-looking, often
/// illegal here) and any bits `garbage` makes of a random number (what a
/// key collision can leave in the transposition table). For the `sfens`
/// and every `sample`-th random position, `garbage` of every number below
/// `every` too (all encodings, when `garbage` maps them onto the move's
/// bits).
pub fn check_fast_legality<G: crate::game::SearchHooks>(
    seed: u64,
    sfens: &[&str],
    garbage: impl Fn(u64) -> G::Move,
    every: u64,
    sample: usize,
) {
    let mut next = xorshift(seed);
    let mut positions: Vec<G> = sfens.iter().map(|s| pos::<G>(s)).collect();
    for _ in 0..40 {
        let mut p = G::startpos();
        for _ in 0..160 {
            let mut list = G::Moves::default();
            p.generate_legal(&mut list);
            if list.is_empty() {
                break;
            }
            positions.push(p.clone());
            // Captures half the time, so hands fill and drops abound.
            let captures: Vec<G::Move> =
                list.iter().copied().filter(|&m| p.is_tactical(m)).collect();
            let m = if !captures.is_empty() && next().is_multiple_of(2) {
                captures[next() as usize % captures.len()]
            } else {
                list[next() as usize % list.len()]
            };
            p.do_move(m);
        }
    }
    let lists: Vec<G::Moves> = positions
        .iter()
        .map(|p| {
            let mut list = G::Moves::default();
            p.generate_legal(&mut list);
            list
        })
        .collect();
    let mut checked = 0usize;
    let mut legal_others = 0usize;
    for (i, p) in positions.iter().enumerate() {
        let own = &lists[i];
        let mut check = |m: G::Move| {
            let expected = own.contains(&m);
            assert_eq!(
                p.is_legal_fast(m),
                expected,
                "{m:?} in {}",
                crate::game::Game::to_sfen(p)
            );
            checked += 1;
            expected
        };
        for &m in own.iter() {
            check(m);
        }
        // Neighbours in the same game, and positions of other games.
        for j in [i.wrapping_sub(1), i + 1, i + 2, i + 7]
            .into_iter()
            .chain((0..6).map(|_| next() as usize))
        {
            let other = &lists[j % lists.len()];
            for &m in other.iter() {
                legal_others += usize::from(check(m));
            }
        }
        for _ in 0..64 {
            check(garbage(next()));
        }
        if i < sfens.len() || i % sample == 0 {
            for bits in 0..every {
                check(garbage(bits));
            }
        }
    }
    assert!(
        checked > 1_000_000 && legal_others > 10_000,
        "{checked} {legal_others}"
    );
}

/// Along random games (`seed`) from the start and from `sfens`, with
/// captures chosen half the time so hands fill: the game's tactical
/// generator yields exactly the legal moves `is_tactical` keeps, and its
/// `gives_check` agrees with playing each legal move and looking.
pub fn check_tactical_moves_and_checks<G: crate::game::SearchHooks>(seed: u64, sfens: &[&str]) {
    let mut next = xorshift(seed);
    let starts = std::iter::once(G::startpos()).chain(sfens.iter().map(|s| pos::<G>(s)));
    let (mut tactical, mut checks) = (0usize, 0usize);
    for start in starts {
        for _ in 0..6 {
            let mut p = start.clone();
            for _ in 0..150 {
                let mut all = G::Moves::default();
                p.generate_legal(&mut all);
                if all.is_empty() {
                    break;
                }
                let sfen = crate::game::Game::to_sfen(&p);
                let mut want: Vec<G::Move> =
                    all.iter().copied().filter(|&m| p.is_tactical(m)).collect();
                let mut got = G::Moves::default();
                p.generate_tactical(&mut got);
                let mut got: Vec<G::Move> = got.iter().copied().collect();
                want.sort_by_key(|m| format!("{m:?}"));
                got.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(got, want, "{sfen}");
                tactical += want.len();
                for &m in all.iter() {
                    let fast = p.gives_check(m);
                    p.do_move(m);
                    assert_eq!(fast, p.in_check(), "{sfen} {m:?}");
                    checks += usize::from(fast);
                    p.undo_move();
                }
                let m = if !want.is_empty() && next().is_multiple_of(2) {
                    want[next() as usize % want.len()]
                } else {
                    all[next() as usize % all.len()]
                };
                p.do_move(m);
            }
        }
    }
    assert!(tactical > 5_000 && checks > 1_000, "{tactical} {checks}");
}

/// Along random games (`seed`) from `sfens`: a mate the mate-in-one test
/// reports is a legal move that leaves no reply, and every mate among its
/// candidates (drops next to the king or of knights, board moves onto a
/// square next to the king that another of our pieces also attacks) is
/// found. Returns how many mates it found.
pub fn check_mate_in_one<R, M, X, const N: usize, const K: usize>(
    seed: u64,
    sfens: &[&str],
) -> usize
where
    R: crate::board::position::Kind,
    M: crate::board::position::PackedMove<Role = R> + std::fmt::Debug + PartialEq,
    crate::board::position::Board<R, M, X, N, K>:
        crate::board::mate1::MateMoves<Role = R> + Game<Move = M> + Clone,
{
    use crate::board::position::Board;
    let mut next = xorshift(seed);
    let mates = |p: &mut Board<R, M, X, N, K>, m: M| {
        p.do_move(m);
        let mut replies = <Board<R, M, X, N, K> as Game>::Moves::default();
        p.generate_legal(&mut replies);
        p.undo_move();
        replies.is_empty()
    };
    let mut found = 0;
    for sfen in sfens {
        for _game in 0..6 {
            let mut p: Board<R, M, X, N, K> = pos(sfen);
            for _ in 0..80 {
                let mut all = <Board<R, M, X, N, K> as Game>::Moves::default();
                p.generate_legal(&mut all);
                if all.is_empty() {
                    break;
                }
                let us = p.side();
                let zone = p.king(us.flip()).map(crate::board::attacks::king_attacks);
                let (mut candidate_mate, mut any_mate) = (false, false);
                if !p.checkers().any() {
                    for &m in all.iter() {
                        if !mates(&mut p, m) {
                            continue;
                        }
                        any_mate = true;
                        let near = zone.is_some_and(|z| z.contains(m.to()));
                        let knight = m.is_drop() && m.dropped() == R::KNIGHT;
                        let movers =
                            p.attackers_to(m.to(), us, p.occupied()) & !p.pieces_of(us, R::KING);
                        let supported = m.is_drop() || movers.more_than_one();
                        candidate_mate |= (near && supported) || knight;
                    }
                }
                let sfen = p.to_sfen();
                let fast = p.mate_in_one();
                if let Some(m) = fast {
                    assert!(all.contains(&m), "{sfen} {m:?} is illegal");
                    assert!(mates(&mut p, m), "{sfen} {m:?} is no mate");
                    found += 1;
                }
                assert!(fast.is_none() || any_mate);
                assert_eq!(fast.is_some(), candidate_mate, "{sfen}");
                // The shortcut of the mate test: a legal king step exists
                // exactly when the legal list holds a king move.
                let king = p.king(us);
                let king_moves = all.iter().any(|m| !m.is_drop() && Some(m.from()) == king);
                assert_eq!(p.king_can_step(), king_moves, "{sfen}");
                p.do_move(all[next() as usize % all.len()]);
            }
        }
    }
    found
}
