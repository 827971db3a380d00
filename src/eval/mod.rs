//! Static evaluation, built on the theory of material value: what a piece
//! is worth depends on where it stands (piece-square tables, outposts, open
//! files), what it works with (bishop pair, knights and rooks by the number
//! of pawns, connected pawns, attacks on the king) and the stage of the game
//! (every term has a middlegame and an endgame value, blended by phase).
//!
//! The search sees only [`evaluate`]: centipawns from the side to move's
//! point of view. All weights live in `weights.rs` (layout in `layout.rs`)
//! and are fitted to game results by the Texel tuner in `tuning/`.

pub mod endgame;
pub mod kpk;
pub mod layout;
pub mod pawns;
pub mod score;
pub mod table;
pub mod trace;
pub mod wdl;
pub mod weights;

use crate::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks_bb, queen_attacks, rook_attacks,
};
use crate::chess::{Bitboard, CastleSide, Color, PieceType, Position, Square};
use layout::*;
use score::S;
use trace::{NoTrace, Tracer};
use weights::WEIGHTS;

/// Game phase: 24 with all pieces on the board, 0 with pawns and kings only.
pub const MAX_PHASE: i32 = 24;
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    pos.side_to_move().sign() * evaluate_white(pos, &mut NoTrace)
}

pub fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for pt in PieceType::ALL {
        p += PHASE_WEIGHT[pt.index()] * pos.pieces(pt).count() as i32;
    }
    p.min(MAX_PHASE)
}

/// Blends a middlegame/endgame pair by phase and endgame scale (0..=128).
#[inline(always)]
pub fn blend(s: S, phase: i32, scale: i32) -> i32 {
    (s.mg() * phase + s.eg() * (MAX_PHASE - phase) * scale / 128) / MAX_PHASE
}

/// Evaluation from White's point of view, reporting every weight it uses
/// to `t`.
pub fn evaluate_white<T: Tracer>(pos: &Position, t: &mut T) -> i32 {
    if let Some(score) = endgame::special(pos) {
        t.special();
        return score;
    }
    let mut ev = Evaluator::new(pos);
    let s = ev.run(t);
    let phase = phase(pos);
    let scale = endgame::scale(pos, s.eg());
    t.phase(phase);
    t.scale(scale);
    blend(s, phase, scale)
}

/// Attack maps and king-danger counters gathered while scoring pieces.
struct Evaluator<'a> {
    pos: &'a Position,
    /// Squares attacked by each side, by piece type (index 6 = any piece).
    attacked: [[Bitboard; 7]; 2],
    /// Squares attacked at least twice.
    attacked2: [Bitboard; 2],
    king_zone: [Bitboard; 2],
    /// Attackers of the *enemy* king zone and the weight of their attacks.
    king_attackers: [i32; 2],
    king_zone_attacks: [i32; 2],
    mobility_area: [Bitboard; 2],
    /// Own pawns that cannot advance: something stands on the square ahead.
    blocked_pawns: [Bitboard; 2],
    /// Own pieces that alone shield their king from an enemy slider: they
    /// move, and so attack, only along that line.
    pinned: [Bitboard; 2],
    /// Squares on ranks 4-6 guarded by an own pawn that no enemy pawn can
    /// ever attack.
    outposts: [Bitboard; 2],
}

#[inline(always)]
fn term<T: Tracer>(acc: &mut [S; 2], t: &mut T, idx: usize, c: Color, count: i32) {
    acc[c.index()] += WEIGHTS[idx] * count;
    t.add(idx, c, count);
}

impl<'a> Evaluator<'a> {
    fn new(pos: &'a Position) -> Evaluator<'a> {
        let mut e = Evaluator {
            pos,
            attacked: [[Bitboard::EMPTY; 7]; 2],
            attacked2: [Bitboard::EMPTY; 2],
            king_zone: [Bitboard::EMPTY; 2],
            king_attackers: [0; 2],
            king_zone_attacks: [0; 2],
            mobility_area: [Bitboard::EMPTY; 2],
            blocked_pawns: [Bitboard::EMPTY; 2],
            pinned: [Bitboard::EMPTY; 2],
            outposts: [Bitboard::EMPTY; 2],
        };
        for c in Color::ALL {
            let ksq = pos.king_square(c);
            let pawn_att = pawn_attacks_bb(c, pos.pieces_of(c, PieceType::Pawn));
            let king_att = king_attacks(ksq);
            e.attacked[c.index()][PieceType::Pawn.index()] = pawn_att;
            e.attacked[c.index()][PieceType::King.index()] = king_att;
            e.attacked2[c.index()] = pawn_att & king_att;
            e.attacked[c.index()][6] = pawn_att | king_att;
            e.king_zone[c.index()] = king_att | Bitboard::from_square(ksq);
        }
        for c in Color::ALL {
            let them = c.flip();
            let our_pawns = pos.pieces_of(c, PieceType::Pawn);
            // Pawns that cannot move and our king are not mobility squares;
            // neither are squares enemy pawns control.
            let blocked = our_pawns & pos.occupied().forward(c.flip());
            e.blocked_pawns[c.index()] = blocked;
            e.mobility_area[c.index()] =
                !(blocked | pos.pieces_of(c, PieceType::King) | e.attacked[them.index()][PieceType::Pawn.index()]);
            // The position keeps the side to move's pins; only the other
            // side's are found here.
            e.pinned[c.index()] =
                if c == pos.side_to_move() { pos.pinned() } else { pos.blockers_for_king(c, them) & pos.color_bb(c) };
            // Every square an enemy pawn attacks now or after advancing.
            let mut span = e.attacked[them.index()][PieceType::Pawn.index()];
            for _ in 0..5 {
                span |= span.forward(them);
            }
            let ranks = Bitboard::relative_rank(c, 3) | Bitboard::relative_rank(c, 4) | Bitboard::relative_rank(c, 5);
            e.outposts[c.index()] = ranks & e.attacked[c.index()][PieceType::Pawn.index()] & !span;
        }
        e
    }

    fn run<T: Tracer>(&mut self, t: &mut T) -> S {
        let mut acc = [S::ZERO; 2];
        self.material_and_placement(&mut acc, t);
        let pawn_info = pawns::evaluate(self.pos, t);
        // One specialised copy per piece type (const generic): no per-piece
        // dispatch on the type in the hot loop.
        for c in Color::ALL {
            self.pieces::<T, 1>(&mut acc, t, c);
            self.pieces::<T, 2>(&mut acc, t, c);
            self.pieces::<T, 3>(&mut acc, t, c);
            self.pieces::<T, 4>(&mut acc, t, c);
        }
        for c in Color::ALL {
            self.king_safety(&mut acc, t, c);
            self.passed_pawns(&mut acc, t, c, pawn_info.passed[c.index()]);
            self.threats(&mut acc, t, c);
            self.space(&mut acc, t, c);
        }
        term(&mut acc, t, TEMPO, self.pos.side_to_move(), 1);
        let s = acc[0] - acc[1] + pawn_info.score;
        s + S(0, self.complexity(t, s.eg(), pawn_info.passed))
    }

    /// Complexity, Ethereal's form of Stockfish's "initiative": how much
    /// play the position still holds (pawns, passers, pawns on both wings,
    /// a pawn ending) moves the endgame score away from zero or towards it.
    /// It stops at zero, so it changes how sure the evaluation is, never
    /// who is better: a pawn up with pawns on one wing is close to a draw.
    fn complexity<T: Tracer>(&self, t: &mut T, eg: i32, passed: [Bitboard; 2]) -> i32 {
        let pos = self.pos;
        let pawns = pos.pieces(PieceType::Pawn);
        let both_flanks = (pawns & QUEEN_SIDE).any() && (pawns & !QUEEN_SIDE).any();
        let pawn_ending = (pos.occupied() & !pawns & !pos.pieces(PieceType::King)).is_empty();
        let mut c = 0;
        let mut add = |idx: usize, n: i32| {
            if n != 0 {
                c += WEIGHTS[idx].eg() * n;
                t.complexity(idx, n);
            }
        };
        add(COMPLEXITY_PAWNS, pawns.count() as i32);
        add(COMPLEXITY_PASSED, (passed[0] | passed[1]).count() as i32);
        add(COMPLEXITY_FLANKS, both_flanks as i32);
        add(COMPLEXITY_PAWN_ENDING, pawn_ending as i32);
        add(COMPLEXITY_BASE, 1);
        let v = eg.signum() * c.max(-eg.abs());
        t.complexity_score(v);
        v
    }

    fn material_and_placement<T: Tracer>(&self, acc: &mut [S; 2], t: &mut T) {
        let pos = self.pos;
        let total_pawns = pos.pieces(PieceType::Pawn).count() as usize;
        for c in Color::ALL {
            for pt in PieceType::ALL {
                let bb = pos.pieces_of(c, pt);
                if pt != PieceType::King && bb.any() {
                    term(acc, t, PIECE_VALUE + pt.index(), c, bb.count() as i32);
                }
                for sq in bb {
                    term(acc, t, psqt(pt.index(), sq.relative(c).index()), c, 1);
                }
            }
            let own_pawns = pos.pieces_of(c, PieceType::Pawn).count() as usize;
            let bishops = pos.pieces_of(c, PieceType::Bishop);
            if (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any() {
                term(acc, t, BISHOP_PAIR + total_pawns / 2, c, 1);
            }
            let knights = pos.pieces_of(c, PieceType::Knight).count() as i32;
            if knights > 0 {
                term(acc, t, KNIGHT_PAWNS + own_pawns, c, knights);
            }
            let rooks = pos.pieces_of(c, PieceType::Rook).count() as i32;
            if rooks > 0 {
                term(acc, t, ROOK_PAWNS + own_pawns, c, rooks);
            }
        }
    }

    fn pieces<T: Tracer, const PT: usize>(&mut self, acc: &mut [S; 2], t: &mut T, c: Color) {
        let pt = PieceType::from_index(PT);
        let pos = self.pos;
        let them = c.flip();
        let occ = pos.occupied();
        let own_pawns = pos.pieces_of(c, PieceType::Pawn);
        let enemy_pawns = pos.pieces_of(them, PieceType::Pawn);
        let enemy_king_zone = self.king_zone[them.index()];
        for sq in pos.pieces_of(c, pt) {
            // Sliders see through their own queen/rooks along their lines
            // (batteries count as mobility and attacks).
            let attacks = match pt {
                PieceType::Knight => knight_attacks(sq),
                PieceType::Bishop => bishop_attacks(sq, occ ^ pos.pieces_of(c, PieceType::Queen)),
                PieceType::Rook => rook_attacks(sq, occ ^ pos.orthogonal_sliders(c)),
                _ => queen_attacks(sq, occ),
            };
            let attacks =
                if self.pinned[c.index()].contains(sq) { attacks & line(pos.king_square(c), sq) } else { attacks };
            let side = &mut self.attacked[c.index()];
            self.attacked2[c.index()] |= side[6] & attacks;
            side[pt.index()] |= attacks;
            side[6] |= attacks;

            let mob = (attacks & self.mobility_area[c.index()]).count() as usize;
            let mob_term = match pt {
                PieceType::Knight => MOBILITY_KNIGHT,
                PieceType::Bishop => MOBILITY_BISHOP,
                PieceType::Rook => MOBILITY_ROOK,
                _ => MOBILITY_QUEEN,
            };
            term(acc, t, mob_term + mob, c, 1);

            let zone_hits = (attacks & enemy_king_zone).count() as i32;
            if zone_hits > 0 {
                self.king_attackers[c.index()] += 1;
                self.king_zone_attacks[c.index()] += zone_hits;
                term(acc, t, KING_ATTACKER + pt.index() - 1, c, 1);
            }

            let rel_rank = c.relative_rank(sq.rank());
            let file = Bitboard::file(sq.file());
            match pt {
                PieceType::Knight | PieceType::Bishop => {
                    // A pawn in front shields the piece from frontal attack
                    // (and, if it is ours, the piece guards its advance).
                    if rel_rank < 7 && pos.pieces(PieceType::Pawn).contains(sq.forward(c)) {
                        term(acc, t, MINOR_BEHIND_PAWN, c, 1);
                    }
                    // Minors far from their king no longer defend it.
                    let dist = sq.distance(pos.king_square(c)) as i32;
                    term(acc, t, KING_PROTECTOR + (pt.index() - 1), c, dist);
                    if self.outposts[c.index()].contains(sq) {
                        term(acc, t, OUTPOST + (pt.index() - 1), c, 1);
                    } else if pt == PieceType::Knight && (attacks & self.outposts[c.index()] & !pos.color_bb(c)).any() {
                        term(acc, t, OUTPOST_REACHABLE, c, 1);
                    }
                    if pt == PieceType::Bishop {
                        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
                            Bitboard::LIGHT_SQUARES
                        } else {
                            Bitboard::DARK_SQUARES
                        };
                        let same = (own_pawns & colour).count() as i32;
                        if same > 0 {
                            term(acc, t, BAD_BISHOP, c, same);
                            // Blocked centre pawns fix the bishop's own pawns in its way.
                            let blocked = (self.blocked_pawns[c.index()] & CENTRE_FILES).count() as i32;
                            if blocked > 0 {
                                term(acc, t, BAD_BISHOP_BLOCKED, c, same * blocked);
                            }
                        }
                        if (bishop_attacks(sq, pos.pieces(PieceType::Pawn)) & CENTRE).several() {
                            term(acc, t, BISHOP_LONG_DIAGONAL, c, 1);
                        }
                    }
                }
                PieceType::Rook => {
                    if (own_pawns & file).is_empty() {
                        if (enemy_pawns & file).is_empty() {
                            term(acc, t, ROOK_OPEN, c, 1);
                        } else {
                            term(acc, t, ROOK_HALF_OPEN, c, 1);
                        }
                    }
                    if (pos.pieces_of(them, PieceType::Queen) & file).any() {
                        term(acc, t, ROOK_ON_QUEEN_FILE, c, 1);
                    }
                    // Shut in between its king and the corner.
                    let kf = pos.king_square(c).file();
                    if mob <= 3 && (kf < 4) == (sq.file() < kf) {
                        let rights = pos.castling_rights();
                        let can_castle = rights.has(c, CastleSide::King) || rights.has(c, CastleSide::Queen);
                        term(acc, t, ROOK_TRAPPED, c, 1 + !can_castle as i32);
                    }
                    if rel_rank == 6 {
                        let enemy_king_back = pos.king_square(them).rank() == c.relative_rank(7);
                        let pawns_on_7th = (enemy_pawns & Bitboard::relative_rank(c, 6)).any();
                        if enemy_king_back || pawns_on_7th {
                            term(acc, t, ROOK_SEVENTH, c, 1);
                        }
                    }
                }
                _ => {
                    if (own_pawns & file).is_empty() && (enemy_pawns & file).is_empty() {
                        term(acc, t, QUEEN_OPEN, c, 1);
                    }
                    // A lone piece between the queen and an enemy rook or
                    // bishop: the queen is pinned or a discovery hits it.
                    let rooks = pos.pieces_of(them, PieceType::Rook);
                    let bishops = pos.pieces_of(them, PieceType::Bishop);
                    if pos.slider_blockers(sq, rooks, bishops).any() {
                        term(acc, t, WEAK_QUEEN, c, 1);
                    }
                }
            }
        }
    }

    /// Danger to `c`'s king: the enemy's attack (scored for the enemy) and
    /// `c`'s pawn shelter and the enemy pawn storm (scored for `c`).
    fn king_safety<T: Tracer>(&self, acc: &mut [S; 2], t: &mut T, c: Color) {
        let pos = self.pos;
        let them = c.flip();
        let ksq = pos.king_square(c);

        let attackers = self.king_attackers[them.index()];
        if attackers > 0 {
            term(acc, t, KING_ATTACKERS + (attackers as usize).min(7), them, 1);
            term(acc, t, KING_ZONE_ATTACKS, them, self.king_zone_attacks[them.index()]);
        }
        // Safe checks: squares a piece could check from, that we attack and
        // they do not defend (or defend only with the king while we attack twice).
        let occ = pos.occupied();
        let weak = !self.attacked[c.index()][6]
            | (self.attacked2[them.index()]
                & !self.attacked2[c.index()]
                & self.attacked[c.index()][PieceType::King.index()]);
        let safe = !pos.color_bb(them) & weak;
        let knight_checks = knight_attacks(ksq) & self.attacked[them.index()][PieceType::Knight.index()] & safe;
        let bishop_rays = bishop_attacks(ksq, occ);
        let rook_rays = rook_attacks(ksq, occ);
        let bishop_checks = bishop_rays & self.attacked[them.index()][PieceType::Bishop.index()] & safe;
        let rook_checks = rook_rays & self.attacked[them.index()][PieceType::Rook.index()] & safe;
        let queen_checks = (bishop_rays | rook_rays) & self.attacked[them.index()][PieceType::Queen.index()] & safe;
        for (i, bb) in [knight_checks, bishop_checks, rook_checks, queen_checks].iter().enumerate() {
            let n = bb.count() as i32;
            if n > 0 {
                term(acc, t, SAFE_CHECK + i, them, n);
            }
        }

        // Shelter and storm on the king's file and its neighbours.
        let own_pawns = pos.pieces_of(c, PieceType::Pawn);
        let enemy_pawns = pos.pieces_of(them, PieceType::Pawn);
        let kf = ksq.file().clamp(1, 6);
        for f in kf - 1..=kf + 1 {
            let file = Bitboard::file(f);
            let in_front = file & !behind_mask(c, ksq);
            let ours = own_pawns & in_front;
            let rank = if ours.is_empty() {
                0
            } else {
                let sq = if c == Color::White { ours.lsb() } else { ours.msb() };
                c.relative_rank(sq.rank()) as usize
            };
            let king_file = (f == ksq.file()) as usize;
            term(acc, t, KING_SHELTER + king_file * 8 + rank, c, 1);
            let theirs = enemy_pawns & in_front;
            if theirs.any() {
                let sq = if c == Color::White { theirs.lsb() } else { theirs.msb() };
                term(acc, t, KING_STORM + c.relative_rank(sq.rank()) as usize, c, 1);
            }
        }
        if (own_pawns & Bitboard::file(ksq.file())).is_empty() {
            term(acc, t, KING_OPEN_FILE, c, 1);
        }
        if (pos.pieces(PieceType::Pawn) & KING_FLANK[ksq.file() as usize]).is_empty() {
            term(acc, t, KING_PAWNLESS_FLANK, c, 1);
        }
        // Distance to the nearest pawn, grown one king step at a time.
        let pawns = pos.pieces(PieceType::Pawn);
        if pawns.any() {
            let mut reach = Bitboard::from_square(ksq);
            let mut dist = 0;
            while (reach & pawns).is_empty() {
                let row = reach | reach.east() | reach.west();
                reach = row | row.forward(Color::White) | row.forward(Color::Black);
                dist += 1;
            }
            term(acc, t, KING_PAWN_DISTANCE, c, dist);
        }
    }

    fn passed_pawns<T: Tracer>(&self, acc: &mut [S; 2], t: &mut T, c: Color, passed: Bitboard) {
        let pos = self.pos;
        let them = c.flip();
        let occ = pos.occupied();
        let enemy_has_pieces = (pos.color_bb(them) & !pos.pieces(PieceType::Pawn) & !pos.pieces(PieceType::King)).any();
        for sq in passed {
            let r = c.relative_rank(sq.rank()) as usize;
            let stop = sq.forward(c);
            let path = pawns::forward_file(c, sq);
            if !occ.contains(stop) {
                term(acc, t, PASSED_FREE + r, c, 1);
                if (path & (occ | self.attacked[them.index()][6])).is_empty() {
                    term(acc, t, PASSED_SAFE + r, c, 1);
                }
            }
            let own_dist = pos.king_square(c).distance(stop).min(5) as i32;
            let enemy_dist = pos.king_square(them).distance(stop).min(5) as i32;
            term(acc, t, PASSED_OWN_KING + r, c, own_dist);
            term(acc, t, PASSED_ENEMY_KING + r, c, enemy_dist);
            term(acc, t, PASSED_FILE + sq.file().min(7 - sq.file()) as usize, c, 1);
            // Rule of the square: the lone defender of a pawn ending cannot catch it.
            if !enemy_has_pieces && (path & pos.color_bb(c)).is_empty() {
                let promo = Square::from_coords(sq.file(), c.relative_rank(7));
                let pawn_dist = (7 - r as i32).min(5);
                let tempo = (pos.side_to_move() == them) as i32;
                if (pos.king_square(them).distance(promo) as i32) - tempo > pawn_dist {
                    term(acc, t, PASSED_UNSTOPPABLE, c, 1);
                }
            }
        }
    }

    fn threats<T: Tracer>(&self, acc: &mut [S; 2], t: &mut T, c: Color) {
        let pos = self.pos;
        let them = c.flip();
        let ours = &self.attacked[c.index()];
        let theirs = &self.attacked[them.index()];
        let occ = pos.occupied();
        let pawns = pos.pieces(PieceType::Pawn);
        let enemy = pos.color_bb(them) & !pos.pieces(PieceType::King);
        let by_pawn = ours[PieceType::Pawn.index()];
        let by_minor = ours[PieceType::Knight.index()] | ours[PieceType::Bishop.index()];
        let by_rook = ours[PieceType::Rook.index()];
        for pt in PieceType::ALL {
            if pt == PieceType::King {
                continue;
            }
            let victims = enemy & pos.pieces(pt);
            if victims.is_empty() {
                continue;
            }
            let n = (victims & by_pawn).count() as i32;
            if n > 0 && pt != PieceType::Pawn {
                term(acc, t, THREAT_BY_PAWN + pt.index(), c, n);
            }
            let n = (victims & by_minor).count() as i32;
            if n > 0 {
                term(acc, t, THREAT_BY_MINOR + pt.index(), c, n);
            }
            let n = (victims & by_rook).count() as i32;
            if n > 0 {
                term(acc, t, THREAT_BY_ROOK + pt.index(), c, n);
            }
        }
        let hanging = (enemy & !pawns & ours[6] & !theirs[6]).count() as i32;
        if hanging > 0 {
            term(acc, t, HANGING, c, hanging);
        }

        // A pawn push to a square the enemy pawns do not attack and the
        // enemy pieces do not win, that would then attack a piece.
        let empty = !occ;
        let mut push = pos.pieces_of(c, PieceType::Pawn).forward(c) & empty;
        push |= (push & Bitboard::relative_rank(c, 2)).forward(c) & empty;
        push &= !theirs[PieceType::Pawn.index()] & (ours[6] | !theirs[6]);
        let n = (pawn_attacks_bb(c, push) & enemy & !pawns).count() as i32;
        if n > 0 {
            term(acc, t, THREAT_PAWN_PUSH, c, n);
        }

        let weak_pawns = (enemy & pawns & ours[6] & !theirs[6]).count() as i32;
        if weak_pawns > 0 {
            term(acc, t, WEAK_PAWN, c, weak_pawns);
        }

        // Squares both sides attack where the enemy's hold is not strong
        // (no pawn guard, not outnumbering us): its pieces are hemmed in.
        let strong = theirs[PieceType::Pawn.index()] | (self.attacked2[them.index()] & !self.attacked2[c.index()]);
        let restricted = (theirs[6] & ours[6] & !strong).count() as i32;
        if restricted > 0 {
            term(acc, t, RESTRICTED, c, restricted);
        }

        // Squares from which a knight, or a slider with a second attacker
        // behind it, would hit the enemy queen without being lost.
        let queens = pos.pieces_of(them, PieceType::Queen);
        if queens.any() && !queens.several() {
            let qsq = queens.lsb();
            let safe = self.mobility_area[c.index()] & !strong;
            let n = (ours[PieceType::Knight.index()] & knight_attacks(qsq) & safe).count() as i32;
            if n > 0 {
                term(acc, t, THREAT_ON_QUEEN, c, n);
            }
            let sliders = (ours[PieceType::Bishop.index()] & bishop_attacks(qsq, occ))
                | (ours[PieceType::Rook.index()] & rook_attacks(qsq, occ));
            let n = (sliders & safe & self.attacked2[c.index()]).count() as i32;
            if n > 0 {
                term(acc, t, THREAT_ON_QUEEN + 1, c, n);
            }
        }

        let n = (enemy & ours[PieceType::King.index()] & !theirs[6]).count() as i32;
        if n > 0 {
            term(acc, t, THREAT_BY_KING, c, n);
        }
    }

    /// Space: safe central squares on our side of the board, counted double
    /// behind our pawns, worth more the more pieces there are to use them.
    fn space<T: Tracer>(&self, acc: &mut [S; 2], t: &mut T, c: Color) {
        let pos = self.pos;
        let them = c.flip();
        let pieces = (pos.color_bb(c) & !pos.pieces(PieceType::Pawn)).count() as i32;
        if pieces < 4 {
            return;
        }
        let own_half = Bitboard::relative_rank(c, 1) | Bitboard::relative_rank(c, 2) | Bitboard::relative_rank(c, 3);
        let own_pawns = pos.pieces_of(c, PieceType::Pawn);
        let safe = CENTRE_FILES & own_half & !own_pawns & !self.attacked[them.index()][PieceType::Pawn.index()];
        let mut behind = own_pawns;
        for _ in 0..3 {
            behind |= behind.forward(them);
        }
        let count = (safe.count() + (safe & behind).count()) as i32;
        term(acc, t, SPACE, c, count * pieces / 4);
    }
}

/// Files a-d, c-f and e-h.
const QUEEN_SIDE: Bitboard = Bitboard(0x0F0F_0F0F_0F0F_0F0F);
const CENTRE_FILES: Bitboard = Bitboard(0x3C3C_3C3C_3C3C_3C3C);
/// d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard(0x0000_0018_1800_0000);
const KING_SIDE: Bitboard = Bitboard(0xF0F0_F0F0_F0F0_F0F0);

/// The files a king on each file counts as its flank.
const KING_FLANK: [Bitboard; 8] =
    [QUEEN_SIDE, QUEEN_SIDE, QUEEN_SIDE, CENTRE_FILES, CENTRE_FILES, KING_SIDE, KING_SIDE, KING_SIDE];

/// Ranks behind (and including) the king's rank, from `c`'s side.
fn behind_mask(c: Color, ksq: Square) -> Bitboard {
    match c {
        Color::White => Bitboard(((1u64 << 8) << (ksq.rank() * 8)).wrapping_sub(1)),
        Color::Black => Bitboard(!0u64 << (ksq.rank() * 8)),
    }
}
