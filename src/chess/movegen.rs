//! Legal move generation.
//!
//! Moves are generated fully legal, not pseudo-legal-then-filtered: the
//! position carries its checkers and pinned pieces, so the generator knows
//! the check-evasion target mask, restricts pinned pieces to their pin ray,
//! tests king destinations against the enemy's attacks with the king lifted,
//! and simulates the one awkward case (en passant, which removes two pieces
//! from a rank). That makes perft's bulk counting exact and lets the search
//! skip a legality test after every `make_move`.
//!
//! Three generators partition the legal moves: `Tactical` (captures and all
//! promotions), `Quiet` (everything else, castling included) and `All`.
//! `quiet_checks` gives the subset of `Quiet` that checks, for search.

use super::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind, MoveList};
use super::position::Position;
use super::types::{CastleSide, Color, PieceType, Square};

pub const ALL: u8 = 0;
pub const TACTICAL: u8 = 1;
pub const QUIET: u8 = 2;

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<ALL>(&mut list);
        list
    }

    /// Legal captures (en passant included) and promotions.
    pub fn tactical_moves(&self, list: &mut MoveList) {
        self.generate::<TACTICAL>(list);
    }

    /// Legal non-captures that do not promote (castling included).
    pub fn quiet_moves(&self, list: &mut MoveList) {
        self.generate::<QUIET>(list);
    }

    pub fn has_legal_move(&self) -> bool {
        // Cheap enough: generation is fast and positions without moves are rare.
        !self.legal_moves().is_empty()
    }

    /// Appends the legal moves of kind `GEN` to `list`.
    pub fn generate<const GEN: u8>(&self, list: &mut MoveList) {
        let us = self.side;
        let them = us.flip();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let ksq = self.king_square(us);
        let checkers = self.st.checkers;

        let piece_targets = match GEN {
            TACTICAL => theirs,
            QUIET => !occ,
            _ => !ours,
        };

        // King moves: destination must not be attacked once the king has left
        // its square (so a slider's ray "through" the king counts).
        let occ_no_king = occ ^ Bitboard::from_square(ksq);
        for to in king_attacks(ksq) & piece_targets {
            if !self.is_attacked_by(to, them, occ_no_king) {
                let kind = if theirs.contains(to) { MoveKind::Capture } else { MoveKind::Quiet };
                list.push(Move::new(ksq, to, kind));
            }
        }
        if checkers.several() {
            return; // double check: only the king may move
        }

        let check_mask = if checkers.any() { between(ksq, checkers.lsb()) | checkers } else { Bitboard::ALL };
        let pinned = self.st.pinned;

        if GEN != TACTICAL && checkers.is_empty() {
            self.generate_castling(list, ksq, occ);
        }

        self.generate_pawn_moves::<GEN>(list, ksq, check_mask, pinned, occ, theirs);

        let targets = piece_targets & check_mask;
        // Pinned knights can never move.
        for from in self.pieces_of(us, PieceType::Knight) & !pinned {
            push_piece_moves(list, from, knight_attacks(from) & targets, theirs);
        }
        let diag = self.diagonal_sliders(us);
        let orth = self.orthogonal_sliders(us);
        for from in diag & !pinned {
            push_piece_moves(list, from, bishop_attacks(from, occ) & targets, theirs);
        }
        for from in orth & !pinned {
            push_piece_moves(list, from, rook_attacks(from, occ) & targets, theirs);
        }
        if checkers.is_empty() {
            // A pinned piece can never answer a check, so this only runs
            // without check: it may slide along its pin ray.
            for from in diag & pinned {
                push_piece_moves(list, from, bishop_attacks(from, occ) & targets & line(ksq, from), theirs);
            }
            for from in orth & pinned {
                push_piece_moves(list, from, rook_attacks(from, occ) & targets & line(ksq, from), theirs);
            }
        }
    }

    fn generate_castling(&self, list: &mut MoveList, ksq: Square, occ: Bitboard) {
        let us = self.side;
        for side in CastleSide::ALL {
            if self.st.castling.has(us, side) && self.castling_path_ok(us, side, ksq, occ) {
                let rsq = self.castle_rook[us.index()][side.index()].unwrap();
                list.push(Move::new(ksq, rsq, MoveKind::Castle));
            }
        }
    }

    /// Castling is legal when every square the king and rook cross or land on
    /// is empty (apart from the two of them) and no square the king crosses or
    /// lands on is attacked. The caller has checked the king is not in check.
    fn castling_path_ok(&self, us: Color, side: CastleSide, ksq: Square, occ: Bitboard) -> bool {
        let Some(rsq) = self.castle_rook[us.index()][side.index()] else { return false };
        let (kto, rto) = Position::castle_destinations(us, side);
        let movers = Bitboard::from_square(ksq) | Bitboard::from_square(rsq);
        let king_path = between(ksq, kto) | Bitboard::from_square(kto);
        let rook_path = between(rsq, rto) | Bitboard::from_square(rto);
        if ((king_path | rook_path) & occ & !movers).any() {
            return false;
        }
        let occ_after = occ ^ movers;
        let them = us.flip();
        // The destination is tested even when the king does not move: the
        // rook leaving may open a line onto it (Chess960).
        for sq in king_path {
            if self.is_attacked_by(sq, them, occ_after) {
                return false;
            }
        }
        true
    }

    fn generate_pawn_moves<const GEN: u8>(
        &self,
        list: &mut MoveList,
        ksq: Square,
        check_mask: Bitboard,
        pinned: Bitboard,
        occ: Bitboard,
        theirs: Bitboard,
    ) {
        let us = self.side;
        let pawns = self.pieces_of(us, PieceType::Pawn);
        let free = pawns & !pinned;
        let empty = !occ;
        let promo_rank = Bitboard::relative_rank(us, 7);
        let third_rank = Bitboard::relative_rank(us, 2);
        let (push, left, right): (i8, i8, i8) = match us {
            Color::White => (8, 7, 9),
            Color::Black => (-8, -9, -7),
        };

        // Bulk generation for unpinned pawns.
        let single = free.forward(us) & empty;
        if GEN != TACTICAL {
            let double = (single & third_rank).forward(us) & empty & check_mask;
            for to in single & check_mask & !promo_rank {
                list.push(Move::new(to.offset(-push), to, MoveKind::Quiet));
            }
            for to in double {
                list.push(Move::new(to.offset(-2 * push), to, MoveKind::DoublePush));
            }
        }
        // Promotions (pushes and captures) belong to the tactical set.
        if GEN != QUIET {
            for to in single & check_mask & promo_rank {
                push_promotions(list, to.offset(-push), to, false);
            }
            let fwd = free.forward(us);
            let caps_left = fwd.west() & theirs & check_mask;
            let caps_right = fwd.east() & theirs & check_mask;
            for to in caps_left {
                let from = to.offset(-left);
                if promo_rank.contains(to) {
                    push_promotions(list, from, to, true);
                } else {
                    list.push(Move::new(from, to, MoveKind::Capture));
                }
            }
            for to in caps_right {
                let from = to.offset(-right);
                if promo_rank.contains(to) {
                    push_promotions(list, from, to, true);
                } else {
                    list.push(Move::new(from, to, MoveKind::Capture));
                }
            }
        }

        // Pinned pawns (never relevant in check), one at a time along the pin.
        if self.st.checkers.is_empty() {
            for from in pawns & pinned {
                let ray = line(ksq, from);
                if GEN != TACTICAL {
                    let to = from.offset(push);
                    if empty.contains(to) && ray.contains(to) && !promo_rank.contains(to) {
                        list.push(Move::new(from, to, MoveKind::Quiet));
                        let to2 = to.offset(push);
                        if third_rank.contains(to) && empty.contains(to2) {
                            list.push(Move::new(from, to2, MoveKind::DoublePush));
                        }
                    }
                }
                if GEN != QUIET {
                    let to = from.offset(push);
                    if empty.contains(to) && ray.contains(to) && promo_rank.contains(to) {
                        push_promotions(list, from, to, false);
                    }
                    for to in pawn_attacks(us, from) & theirs & ray {
                        if promo_rank.contains(to) {
                            push_promotions(list, from, to, true);
                        } else {
                            list.push(Move::new(from, to, MoveKind::Capture));
                        }
                    }
                }
            }
        }

        // En passant: simulate the capture (two pawns leave one rank).
        if GEN != QUIET {
            if let Some(ep) = self.st.ep_square {
                for from in pawn_attacks(us.flip(), ep) & pawns {
                    if self.ep_is_legal(from, ep, ksq) {
                        list.push(Move::new(from, ep, MoveKind::EnPassant));
                    }
                }
            }
        }
    }

    fn ep_is_legal(&self, from: Square, ep: Square, ksq: Square) -> bool {
        let us = self.side;
        let them = us.flip();
        let victim = ep.forward(them);
        let occ =
            (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim)) | Bitboard::from_square(ep);
        let theirs = self.by_color[them.index()] & !Bitboard::from_square(victim);
        !((bishop_attacks(ksq, occ) & self.diagonal_sliders(them)).any()
            || (rook_attacks(ksq, occ) & self.orthogonal_sliders(them)).any()
            || (knight_attacks(ksq) & self.pieces(PieceType::Knight) & theirs).any()
            || (pawn_attacks(us, ksq) & self.pieces(PieceType::Pawn) & theirs).any())
    }

    /// Full legality test for a move from an untrusted source (the hash
    /// table, a killer slot, user input): cheap, no move generation.
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_none() || m == Move::NULL {
            return false;
        }
        // Kind bits 5..=7 encode no move kind (`kind()` would read them as a
        // capturing queen promotion and `is_capture` as a capture).
        if matches!(m.kind_bits(), 5..=7) {
            return false;
        }
        let us = self.side;
        let them = us.flip();
        let from = m.from();
        let to = m.to();
        let piece = self.board[from.index()];
        if piece.is_none() || piece.color() != us || from == to {
            return false;
        }
        let occ = self.occupied();
        let ksq = self.king_square(us);
        let pt = piece.piece_type();

        match m.kind() {
            MoveKind::Castle => {
                if pt != PieceType::King || self.in_check() {
                    return false;
                }
                for side in CastleSide::ALL {
                    if self.st.castling.has(us, side)
                        && self.castle_rook[us.index()][side.index()] == Some(to)
                        && self.castling_path_ok(us, side, ksq, occ)
                    {
                        return true;
                    }
                }
                return false;
            }
            MoveKind::EnPassant => {
                return pt == PieceType::Pawn
                    && self.st.ep_square == Some(to)
                    && pawn_attacks(us, from).contains(to)
                    && self.ep_is_legal(from, to, ksq);
            }
            _ => {}
        }

        let target = self.board[to.index()];
        if m.is_capture() {
            if target.is_none() || target.color() != them || target.piece_type() == PieceType::King {
                return false;
            }
        } else if target.is_some() {
            return false;
        }

        if pt == PieceType::Pawn {
            let on_last = to.rank() == us.relative_rank(7);
            if m.is_promotion() != on_last {
                return false;
            }
            let one = from.forward(us);
            let ok = if m.is_capture() {
                pawn_attacks(us, from).contains(to)
            } else if m.is_double_push() {
                from.rank() == us.relative_rank(1) && one.forward(us) == to && self.board[one.index()].is_none()
            } else {
                one == to
            };
            if !ok {
                return false;
            }
        } else {
            if m.is_promotion() || m.is_double_push() {
                return false;
            }
            if !Position::piece_attacks(pt, from, occ).contains(to) {
                return false;
            }
            if pt == PieceType::King {
                return !self.is_attacked_by(to, them, occ ^ Bitboard::from_square(from));
            }
        }

        let checkers = self.st.checkers;
        if checkers.any() {
            if checkers.several() {
                return false;
            }
            let c = checkers.lsb();
            if !(between(ksq, c) | checkers).contains(to) {
                return false;
            }
        }
        !self.st.pinned.contains(from) || line(ksq, from).contains(to)
    }

    /// Squares from which a piece of type `pt` of the side to move would
    /// attack the enemy king: a quiet move of that piece to one of them gives
    /// direct check (discovered checks are not covered).
    pub fn check_squares(&self, pt: PieceType) -> Bitboard {
        let them = self.side.flip();
        let ksq = self.king_square(them);
        match pt {
            PieceType::Pawn => pawn_attacks(them, ksq),
            PieceType::King => Bitboard::EMPTY,
            _ => Position::piece_attacks(pt, ksq, self.occupied()),
        }
    }

    /// The legal quiet moves that give check, direct or discovered (castling
    /// included): the same set as `quiet_moves` filtered by `gives_check`,
    /// but without generating the rest. Out of check only moves onto a
    /// checking square or off a discovery line are produced; in check (rare
    /// where this is used) it falls back to the filter.
    pub fn quiet_checks(&self, list: &mut MoveList) {
        if self.in_check() {
            let mut all = MoveList::new();
            self.quiet_moves(&mut all);
            for &m in all.iter() {
                if self.gives_check(m) {
                    list.push(m);
                }
            }
            return;
        }
        let us = self.side;
        let them = us.flip();
        let ksq = self.king_square(us);
        let eksq = self.king_square(them);
        let occ = self.occupied();
        let empty = !occ;
        let pinned = self.st.pinned;
        // Our pieces that alone block one of our sliders from their king:
        // moving one off that line uncovers check.
        let discoverers = self.blockers_for_king(them, us) & self.by_color[us.index()];
        let reach = |from: Square, chk: Bitboard| {
            let mut t = chk;
            if discoverers.contains(from) {
                t |= !line(eksq, from);
            }
            if pinned.contains(from) {
                t &= line(ksq, from);
            }
            t
        };

        for pt in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
            let chk = self.check_squares(pt);
            for from in self.pieces_of(us, pt) {
                let targets = Position::piece_attacks(pt, from, occ) & empty & reach(from, chk);
                for to in targets {
                    list.push(Move::new(from, to, MoveKind::Quiet));
                }
            }
        }

        let promo_rank = Bitboard::relative_rank(us, 7);
        let third_rank = Bitboard::relative_rank(us, 2);
        let pawn_chk = self.check_squares(PieceType::Pawn);
        for from in self.pieces_of(us, PieceType::Pawn) {
            let ok = reach(from, pawn_chk);
            let one = from.forward(us);
            if !empty.contains(one) || promo_rank.contains(one) {
                continue;
            }
            if ok.contains(one) {
                list.push(Move::new(from, one, MoveKind::Quiet));
            }
            if third_rank.contains(one) {
                let two = one.forward(us);
                if empty.contains(two) && ok.contains(two) {
                    list.push(Move::new(from, two, MoveKind::DoublePush));
                }
            }
        }

        // The king checks only by discovery, or as castling by its rook.
        if discoverers.contains(ksq) {
            let occ_no_king = occ ^ Bitboard::from_square(ksq);
            for to in king_attacks(ksq) & empty & !line(eksq, ksq) {
                if !self.is_attacked_by(to, them, occ_no_king) {
                    list.push(Move::new(ksq, to, MoveKind::Quiet));
                }
            }
        }
        let mut castles = MoveList::new();
        self.generate_castling(&mut castles, ksq, occ);
        for &m in castles.iter() {
            if self.gives_check(m) {
                list.push(m);
            }
        }
    }

    /// Does the move give check? Used by search for extensions and pruning.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let them = us.flip();
        let eksq = self.king_square(them);
        let from = m.from();
        let to = m.to();
        let occ = self.occupied();
        let pt = self.board[from.index()].piece_type();

        if m.is_castle() {
            let (kto, rto) = Position::castling_destinations_of(us, m);
            let occ2 = (occ ^ Bitboard::from_square(from) ^ Bitboard::from_square(to))
                | Bitboard::from_square(kto)
                | Bitboard::from_square(rto);
            return rook_attacks(rto, occ2).contains(eksq);
        }

        let moved = m.promotion().unwrap_or(pt);
        let mut occ2 = (occ ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        if m.is_en_passant() {
            occ2 ^= Bitboard::from_square(Square::from_coords(to.file(), from.rank()));
        }
        // Direct check.
        let direct = match moved {
            PieceType::Pawn => pawn_attacks(us, to).contains(eksq),
            PieceType::King => false,
            _ => Position::piece_attacks(moved, to, occ2).contains(eksq),
        };
        if direct {
            return true;
        }
        // Discovered check: recompute slider attacks on the king with the new occupancy.
        let our_diag = self.diagonal_sliders(us) & !Bitboard::from_square(from);
        let our_orth = self.orthogonal_sliders(us) & !Bitboard::from_square(from);
        (bishop_attacks(eksq, occ2) & our_diag).any() || (rook_attacks(eksq, occ2) & our_orth).any()
    }
}

#[inline(always)]
fn push_piece_moves(list: &mut MoveList, from: Square, targets: Bitboard, theirs: Bitboard) {
    for to in targets {
        let kind = if theirs.contains(to) { MoveKind::Capture } else { MoveKind::Quiet };
        list.push(Move::new(from, to, kind));
    }
}

#[inline(always)]
fn push_promotions(list: &mut MoveList, from: Square, to: Square, capture: bool) {
    // Queen first: the move picker meets the likely-best promotion early.
    for pt in [PieceType::Queen, PieceType::Knight, PieceType::Rook, PieceType::Bishop] {
        list.push(Move::new(from, to, Move::promo_kind(pt, capture)));
    }
}
