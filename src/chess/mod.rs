//! The rules core: board representation, move generation and the laws of
//! chess. It knows nothing of search or evaluation.

pub mod attacks;
pub mod bitboard;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod rng;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, START_FEN};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::MoveParseError;
pub use outcome::Outcome;
pub use position::Position;
pub use types::{CastleSide, CastlingRights, Color, Piece, PieceType, Square};
