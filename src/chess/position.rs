//! The position: a mailbox (`board`, one byte per square) kept in sync with
//! bitboards by piece type and by colour, plus the irreversible state and an
//! undo stack that also serves repetition detection.
//!
//! Make/unmake is incremental: a move touches at most four squares, the
//! Zobrist keys are XOR-updated, and the state needed to take the move back
//! (captured piece, rights, en-passant square, clocks, keys, check info) is
//! pushed on `history`.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_bb, queen_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::Move;
use super::types::{CastleSide, CastlingRights, Color, Piece, PieceType, Square};
use super::zobrist;

/// The part of the position that cannot be recomputed when a move is undone.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub key: u64,
    pub pawn_key: u64,
    pub castling: CastlingRights,
    /// Set only when an en-passant capture is actually legal, so that the key
    /// and repetition detection follow FIDE ("the same possible moves").
    pub ep_square: Option<Square>,
    pub halfmove: u16,
    /// Plies since the last null move: repetition search stops there.
    pub plies_from_null: u16,
    pub captured: Piece,
    pub checkers: Bitboard,
    /// Pieces of the side to move that are pinned to its own king.
    pub pinned: Bitboard,
    /// The move that led to this state (`Move::NONE` at the root).
    pub last_move: Move,
}

#[derive(Clone)]
pub struct Position {
    pub(crate) board: [Piece; 64],
    pub(crate) by_type: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) side: Color,
    pub(crate) fullmove: u32,
    pub(crate) chess960: bool,
    /// Start square of the castling rook for each colour and side, when that
    /// right exists (also remembered after the right is lost, for display).
    pub(crate) castle_rook: [[Option<Square>; 2]; 2],
    /// Rights that survive a move touching each square (AND-mask).
    pub(crate) castle_mask: [u8; 64],
    pub(crate) st: State,
    pub(crate) history: Vec<State>,
}

impl Position {
    // ------------------------------------------------------------------
    // Queries
    // ------------------------------------------------------------------

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, pt: PieceType) -> Bitboard {
        self.by_type[pt.index()]
    }

    #[inline(always)]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    #[inline(always)]
    pub fn pieces_of(&self, c: Color, pt: PieceType) -> Bitboard {
        self.by_type[pt.index()] & self.by_color[c.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Square {
        self.pieces_of(c, PieceType::King).lsb()
    }

    /// Bishops and queens of colour `c`.
    #[inline(always)]
    pub fn diagonal_sliders(&self, c: Color) -> Bitboard {
        (self.by_type[PieceType::Bishop.index()] | self.by_type[PieceType::Queen.index()]) & self.by_color[c.index()]
    }

    /// Rooks and queens of colour `c`.
    #[inline(always)]
    pub fn orthogonal_sliders(&self, c: Color) -> Bitboard {
        (self.by_type[PieceType::Rook.index()] | self.by_type[PieceType::Queen.index()]) & self.by_color[c.index()]
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.st.key
    }

    /// The key the position will have after the legal move `m`, without
    /// making it: the search prefetches the child's hash entry with it, and
    /// `make_move` starts from it. Exact except after a double push, where
    /// `make_move` also hashes the en-passant square when a capture there is
    /// possible.
    pub fn key_after(&self, m: Move) -> u64 {
        let us = self.side;
        let from = m.from();
        let to = m.to();
        let piece = self.board[from.index()];
        let mut key = self.st.key ^ zobrist::side();
        if let Some(ep) = self.st.ep_square {
            key ^= zobrist::ep_file(ep.file());
        }
        if m.is_castle() {
            let (kto, rto) = Self::castling_destinations_of(us, m);
            let rook = Piece::new(us, PieceType::Rook);
            key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, kto);
            key ^= zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rto);
        } else {
            if m.is_en_passant() {
                let cap_sq = Square::from_coords(to.file(), from.rank());
                key ^= zobrist::piece_square(Piece::new(us.flip(), PieceType::Pawn), cap_sq);
            } else if m.is_capture() {
                key ^= zobrist::piece_square(self.board[to.index()], to);
            }
            let landed = m.promotion().map_or(piece, |pt| Piece::new(us, pt));
            key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(landed, to);
        }
        let old_rights = self.st.castling;
        let new_rights = self.castling_after(from, to);
        if new_rights != old_rights {
            key ^= zobrist::castling(old_rights) ^ zobrist::castling(new_rights);
        }
        key
    }

    #[inline(always)]
    pub fn pawn_key(&self) -> u64 {
        self.st.pawn_key
    }

    /// Hash of the pawns alone: the pawn key with the kings taken out.
    #[inline(always)]
    pub fn pawns_only_key(&self) -> u64 {
        let mut k = self.st.pawn_key;
        for c in Color::ALL {
            k ^= zobrist::piece_square(Piece::new(c, PieceType::King), self.king_square(c));
        }
        k
    }

    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.st.castling
    }

    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.st.ep_square
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.st.halfmove
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.st.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.st.checkers.any()
    }

    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.st.pinned
    }

    /// The move that reached this position, if it was made on this object.
    #[inline(always)]
    pub fn last_move(&self) -> Move {
        self.st.last_move
    }

    #[inline(always)]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Switches how castling is written (and which castling FENs are
    /// accepted); the position itself is the same in both variants.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    pub fn castling_rook(&self, c: Color, side: CastleSide) -> Option<Square> {
        self.castle_rook[c.index()][side.index()]
    }

    /// Number of plies made on this object since it was set up.
    #[inline(always)]
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }

    /// All pieces of either colour attacking `sq` given occupancy `occ`.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        (pawn_attacks(Color::White, sq) & self.pieces_of(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces_of(Color::White, PieceType::Pawn))
            | (knight_attacks(sq) & self.pieces(PieceType::Knight))
            | (king_attacks(sq) & self.pieces(PieceType::King))
            | (bishop_attacks(sq, occ) & (self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen)))
            | (rook_attacks(sq, occ) & (self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen)))
    }

    /// Is `sq` attacked by colour `by` with occupancy `occ`? Early-exits, so it
    /// is cheaper than `attackers_to` when only a yes/no is needed.
    #[inline(always)]
    pub fn is_attacked_by(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let them = self.by_color[by.index()];
        (pawn_attacks(by.flip(), sq) & self.pieces(PieceType::Pawn) & them).any()
            || (knight_attacks(sq) & self.pieces(PieceType::Knight) & them).any()
            || (king_attacks(sq) & self.pieces(PieceType::King) & them).any()
            || (bishop_attacks(sq, occ) & self.diagonal_sliders(by)).any()
            || (rook_attacks(sq, occ) & self.orthogonal_sliders(by)).any()
    }

    /// Every square colour `by` attacks, its king's squares included; sliders
    /// stop at the first piece (no x-rays). History can be keyed by these
    /// "threats".
    pub fn attacks_by(&self, by: Color) -> Bitboard {
        let occ = self.occupied();
        let mut att = pawn_attacks_bb(by, self.pieces_of(by, PieceType::Pawn)) | king_attacks(self.king_square(by));
        for sq in self.pieces_of(by, PieceType::Knight) {
            att |= knight_attacks(sq);
        }
        for sq in self.diagonal_sliders(by) {
            att |= bishop_attacks(sq, occ);
        }
        for sq in self.orthogonal_sliders(by) {
            att |= rook_attacks(sq, occ);
        }
        att
    }

    /// Attacks of a piece of type `pt` (not a pawn) standing on `sq`.
    #[inline(always)]
    pub fn piece_attacks(pt: PieceType, sq: Square, occ: Bitboard) -> Bitboard {
        match pt {
            PieceType::Knight => knight_attacks(sq),
            PieceType::Bishop => bishop_attacks(sq, occ),
            PieceType::Rook => rook_attacks(sq, occ),
            PieceType::Queen => queen_attacks(sq, occ),
            PieceType::King => king_attacks(sq),
            PieceType::Pawn => Bitboard::EMPTY,
        }
    }

    /// Pieces (of either colour) that alone stand between a slider of colour
    /// `slider_color` and the king of colour `king_color`.
    pub fn blockers_for_king(&self, king_color: Color, slider_color: Color) -> Bitboard {
        self.slider_blockers(
            self.king_square(king_color),
            self.orthogonal_sliders(slider_color),
            self.diagonal_sliders(slider_color),
        )
    }

    /// Pieces (of either colour) that alone stand between `target` and one
    /// of the given sliders (`orthogonal` along ranks and files, `diagonal`
    /// along diagonals): pinned to it, or hiding a discovered attack on it.
    #[inline(always)]
    pub fn slider_blockers(&self, target: Square, orthogonal: Bitboard, diagonal: Bitboard) -> Bitboard {
        let occ = self.occupied();
        let snipers =
            (rook_attacks(target, Bitboard::EMPTY) & orthogonal) | (bishop_attacks(target, Bitboard::EMPTY) & diagonal);
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(target, s) & occ;
            if b.any() && !b.several() {
                blockers |= b;
            }
        }
        blockers
    }

    /// Recompute checkers and pinned pieces for the side to move.
    #[inline(always)]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.side;
        let them = us.flip();
        let ksq = self.king_square(us);
        let occ = self.occupied();
        self.st.checkers = self.attackers_to(ksq, occ) & self.by_color[them.index()];
        self.st.pinned = self.slider_blockers(ksq, self.orthogonal_sliders(them), self.diagonal_sliders(them))
            & self.by_color[us.index()];
    }

    // ------------------------------------------------------------------
    // Board editing (no hashing side effects beyond the piece keys)
    // ------------------------------------------------------------------

    #[inline(always)]
    fn put_piece(&mut self, p: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = p;
        self.by_type[p.piece_type().index()] |= bb;
        self.by_color[p.color().index()] |= bb;
    }

    #[inline(always)]
    fn remove_piece(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()];
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Piece::NONE;
        self.by_type[p.piece_type().index()] ^= bb;
        self.by_color[p.color().index()] ^= bb;
        p
    }

    #[inline(always)]
    fn move_piece(&mut self, from: Square, to: Square) {
        let p = self.board[from.index()];
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.board[from.index()] = Piece::NONE;
        self.board[to.index()] = p;
        self.by_type[p.piece_type().index()] ^= bb;
        self.by_color[p.color().index()] ^= bb;
    }

    /// Squares of the king and rook after the castling move `m`, which is
    /// encoded as the king taking its own rook.
    #[inline(always)]
    pub fn castling_destinations_of(color: Color, m: Move) -> (Square, Square) {
        let side = if m.to().file() > m.from().file() { CastleSide::King } else { CastleSide::Queen };
        Self::castle_destinations(color, side)
    }

    /// Castling rights left after a move from `from` to `to`: moving the king
    /// or a rook, or capturing a rook on its square, loses them.
    #[inline(always)]
    fn castling_after(&self, from: Square, to: Square) -> CastlingRights {
        CastlingRights(self.st.castling.0 & self.castle_mask[from.index()] & self.castle_mask[to.index()])
    }

    /// Squares of the king and rook after castling on `side`.
    #[inline(always)]
    pub fn castle_destinations(color: Color, side: CastleSide) -> (Square, Square) {
        let rank = color.relative_rank(0);
        (Square::from_coords(side.king_to_file(), rank), Square::from_coords(side.rook_to_file(), rank))
    }

    // ------------------------------------------------------------------
    // Make / unmake
    // ------------------------------------------------------------------

    /// Plays a legal move. The move must come from this position's move
    /// generator or have passed `is_legal`.
    pub fn make_move(&mut self, m: Move) {
        debug_assert!(m.is_some() && m != Move::NULL);
        self.history.push(self.st);
        let us = self.side;
        let them = us.flip();
        let from = m.from();
        let to = m.to();
        let piece = self.board[from.index()];
        // One rule for the key, shared with the prefetch before the move.
        let mut key = self.key_after(m);
        let mut pawn_key = self.st.pawn_key;
        // Saturating: a clock set huge by a FEN must stay past the 50-move
        // mark, not wrap to zero.
        let mut halfmove = self.st.halfmove.saturating_add(1);
        let mut captured = Piece::NONE;

        self.st.ep_square = None;

        if m.is_castle() {
            // `to` is the rook's square (king takes rook).
            let (kto, rto) = Self::castling_destinations_of(us, m);
            let rook = Piece::new(us, PieceType::Rook);
            // Remove both first: in Chess960 destinations may overlap origins.
            self.remove_piece(from);
            self.remove_piece(to);
            self.put_piece(piece, kto);
            self.put_piece(rook, rto);
            // The pawn key covers kings too.
            pawn_key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, kto);
        } else {
            if m.is_en_passant() {
                let cap_sq = Square::from_coords(to.file(), from.rank());
                captured = self.remove_piece(cap_sq);
                pawn_key ^= zobrist::piece_square(captured, cap_sq);
            } else if m.is_capture() {
                captured = self.remove_piece(to);
                if captured.piece_type() == PieceType::Pawn {
                    pawn_key ^= zobrist::piece_square(captured, to);
                }
            }
            if captured.is_some() {
                halfmove = 0;
            }
            self.move_piece(from, to);

            if piece.piece_type() == PieceType::Pawn {
                halfmove = 0;
                pawn_key ^= zobrist::piece_square(piece, from);
                if let Some(promo) = m.promotion() {
                    let np = Piece::new(us, promo);
                    self.remove_piece(to);
                    self.put_piece(np, to);
                } else {
                    pawn_key ^= zobrist::piece_square(piece, to);
                }
            } else if piece.piece_type() == PieceType::King {
                pawn_key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
            }
        }

        self.st.castling = self.castling_after(from, to);

        self.side = them;
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.st.halfmove = halfmove;
        self.st.plies_from_null = self.st.plies_from_null.saturating_add(1);
        self.st.captured = captured;
        self.st.last_move = m;
        self.update_check_info();

        if m.is_double_push() {
            let ep = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
            if self.ep_capture_possible(ep) {
                self.st.ep_square = Some(ep);
                key ^= zobrist::ep_file(ep.file());
            }
        }
        self.st.key = key;
        self.st.pawn_key = pawn_key;
    }

    /// Takes back the last move made with `make_move`.
    pub fn unmake_move(&mut self, m: Move) {
        let prev = self.history.pop().expect("unmake_move without a move");
        let captured = self.st.captured;
        self.side = self.side.flip();
        let us = self.side;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let from = m.from();
        let to = m.to();
        if m.is_castle() {
            let (kto, rto) = Self::castling_destinations_of(us, m);
            let king = self.remove_piece(kto);
            let rook = self.remove_piece(rto);
            self.put_piece(king, from);
            self.put_piece(rook, to);
        } else {
            if m.is_promotion() {
                self.remove_piece(to);
                self.put_piece(Piece::new(us, PieceType::Pawn), to);
            }
            self.move_piece(to, from);
            if captured.is_some() {
                let cap_sq = if m.is_en_passant() { Square::from_coords(to.file(), from.rank()) } else { to };
                self.put_piece(captured, cap_sq);
            }
        }
        self.st = prev;
    }

    /// Passes the move (for null-move pruning). Never call in check.
    pub fn make_null_move(&mut self) {
        debug_assert!(!self.in_check());
        self.history.push(self.st);
        let mut key = self.st.key ^ zobrist::side();
        if let Some(ep) = self.st.ep_square {
            key ^= zobrist::ep_file(ep.file());
        }
        self.st.ep_square = None;
        self.st.key = key;
        self.st.halfmove = self.st.halfmove.saturating_add(1);
        self.st.plies_from_null = 0;
        self.st.captured = Piece::NONE;
        self.st.last_move = Move::NULL;
        self.side = self.side.flip();
        self.update_check_info();
    }

    pub fn unmake_null_move(&mut self) {
        self.st = self.history.pop().expect("unmake_null_move without a null move");
        self.side = self.side.flip();
    }

    /// After a double step to `ep`'s far side: can the side to move capture
    /// en passant legally? Only then does the position record the square.
    pub(crate) fn ep_capture_possible(&self, ep: Square) -> bool {
        let us = self.side;
        let them = us.flip();
        let capturers = pawn_attacks(them, ep) & self.pieces_of(us, PieceType::Pawn);
        if capturers.is_empty() {
            return false;
        }
        let ksq = self.king_square(us);
        let victim = ep.forward(them);
        for from in capturers {
            let occ = (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
                | Bitboard::from_square(ep);
            let theirs = self.by_color[them.index()] & !Bitboard::from_square(victim);
            let attacked = (bishop_attacks(ksq, occ) & self.diagonal_sliders(them) & theirs).any()
                || (rook_attacks(ksq, occ) & self.orthogonal_sliders(them) & theirs).any()
                || (knight_attacks(ksq) & self.pieces(PieceType::Knight) & theirs).any()
                || (pawn_attacks(us, ksq) & self.pieces(PieceType::Pawn) & theirs).any();
            if !attacked {
                return true;
            }
        }
        false
    }

    // ------------------------------------------------------------------
    // Draw detection
    // ------------------------------------------------------------------

    /// Has the current position occurred `count` times before (1: the
    /// search's rule, 2: threefold)? Only positions since the last
    /// irreversible move (and the last null move) can repeat; the same key
    /// means the same placement, side to move, rights and en-passant
    /// possibility.
    pub fn repetitions(&self, count: u32) -> bool {
        self.scan_repetitions(count, 0)
    }

    /// Repetition as the search uses it: a repeat of a position inside the
    /// search (after `search_ply` plies) counts once; one before the root
    /// needs to be a threefold to be a draw by rule.
    pub fn is_repetition_draw(&self, search_ply: usize) -> bool {
        self.scan_repetitions(2, search_ply)
    }

    /// Has any position since the last irreversible move (and the last null
    /// move) occurred twice? A game that has started repeating cannot count
    /// on the rest of its 50-move budget (tablebase root ranking).
    pub fn has_repeated(&self) -> bool {
        let window = (self.st.halfmove.min(self.st.plies_from_null) as usize).min(self.history.len());
        let keys: Vec<u64> = self.history[self.history.len() - window..]
            .iter()
            .map(|st| st.key)
            .chain(std::iter::once(self.st.key))
            .collect();
        keys.iter().enumerate().any(|(i, key)| keys[..i].contains(key))
    }

    /// True once `count` earlier occurrences are found, or any occurrence
    /// fewer than `within` plies back.
    fn scan_repetitions(&self, count: u32, within: usize) -> bool {
        let limit = (self.st.halfmove.min(self.st.plies_from_null)) as usize;
        let len = self.history.len();
        let key = self.st.key;
        let mut found = 0;
        let mut back = 4;
        while back <= limit && back <= len {
            if self.history[len - back].key == key {
                found += 1;
                if back < within || found >= count {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// Neither side can ever mate: K v K, K+minor v K, K+B v K+B with
    /// same-coloured bishops (any number of bishops, all on one colour).
    pub fn insufficient_material(&self) -> bool {
        let majors_pawns = self.pieces(PieceType::Pawn) | self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        if majors_pawns.any() {
            return false;
        }
        let knights = self.pieces(PieceType::Knight);
        let bishops = self.pieces(PieceType::Bishop);
        let minors = knights | bishops;
        match minors.count() {
            0 | 1 => true,
            _ => {
                knights.is_empty()
                    && ((bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty())
            }
        }
    }

    /// 50-move rule: 100 plies without capture or pawn move. A checkmate
    /// delivered on that ply takes precedence (`fifty_move_draw` says both).
    #[inline(always)]
    pub fn fifty_move_rule(&self) -> bool {
        self.st.halfmove >= 100
    }

    /// Drawn by the 50-move rule: the clock has reached 100 plies and the
    /// move that got it there did not mate (a mate on the 100th ply stands).
    #[inline(always)]
    pub fn fifty_move_draw(&self) -> bool {
        self.fifty_move_rule() && (!self.in_check() || self.has_legal_move())
    }

    // ------------------------------------------------------------------
    // Consistency (debug and tests)
    // ------------------------------------------------------------------

    /// Recomputes the Zobrist key from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0u64;
        for sq in self.occupied() {
            k ^= zobrist::piece_square(self.board[sq.index()], sq);
        }
        if self.side == Color::Black {
            k ^= zobrist::side();
        }
        k ^= zobrist::castling(self.st.castling);
        if let Some(ep) = self.st.ep_square {
            k ^= zobrist::ep_file(ep.file());
        }
        k
    }

    /// Key of pawns and kings only (the pawn-structure cache key).
    pub fn compute_pawn_key(&self) -> u64 {
        let mut k = 0u64;
        for sq in self.pieces(PieceType::Pawn) | self.pieces(PieceType::King) {
            k ^= zobrist::piece_square(self.board[sq.index()], sq);
        }
        k
    }

    /// Verifies that mailbox, bitboards and keys agree.
    pub fn is_consistent(&self) -> bool {
        for sq in Square::all() {
            let p = self.board[sq.index()];
            let bb = Bitboard::from_square(sq);
            if p.is_none() {
                if self.occupied() & bb != Bitboard::EMPTY {
                    return false;
                }
            } else if (self.pieces_of(p.color(), p.piece_type()) & bb).is_empty() {
                return false;
            }
        }
        let mut total = 0;
        for pt in PieceType::ALL {
            total += self.pieces(pt).count();
        }
        total == self.occupied().count()
            && (self.by_color[0] & self.by_color[1]).is_empty()
            && self.compute_key() == self.st.key
            && self.compute_pawn_key() == self.st.pawn_key
    }
}
