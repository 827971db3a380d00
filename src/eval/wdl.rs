//! What a score means as odds: the chance of a win, a draw and a loss.
//!
//! A score of +150 is close to a sure win with queens off and far from one
//! with every piece on the board, so the odds depend on the material left as
//! well as on the score. The model is Stockfish's `win_rate_model`: the win
//! chance is a logistic curve in the score, `1 / (1 + exp((a - v) / b))`,
//! whose midpoint `a` and width `b` are cubic polynomials in the material
//! count; the loss chance is the same curve at `-v`, and a draw is what is
//! left. The coefficients are fitted to this engine's own self-play results
//! by `tuning/src/cmd/wdlfit.rs` (maximum likelihood; the data, its size and
//! the fit's quality are in `docs/experiments/analysis.md`).

use crate::chess::{Color, PieceType, Position};

/// Win/draw/loss odds in per mille, from the side to move's point of view.
/// The three always add up to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WdlOdds {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl WdlOdds {
    pub const WON: WdlOdds = WdlOdds { win: 1000, draw: 0, loss: 0 };
    pub const LOST: WdlOdds = WdlOdds { win: 0, draw: 0, loss: 1000 };

    /// The same odds seen from the other side.
    pub fn flipped(self) -> WdlOdds {
        WdlOdds { win: self.loss, draw: self.draw, loss: self.win }
    }

    /// The expected score, 0.0 (lost) to 1.0 (won).
    pub fn expected_score(self) -> f64 {
        (self.win as f64 + self.draw as f64 / 2.0) / 1000.0
    }
}

/// Material counted the way the model was fitted: pawn 1, knight and bishop
/// 3, rook 5, queen 9, both sides together (78 at the start).
pub fn material_count(pos: &Position) -> i32 {
    const VALUE: [(PieceType, i32); 5] = [
        (PieceType::Pawn, 1),
        (PieceType::Knight, 3),
        (PieceType::Bishop, 3),
        (PieceType::Rook, 5),
        (PieceType::Queen, 9),
    ];
    VALUE.iter().map(|&(pt, v)| v * pos.pieces(pt).count() as i32).sum()
}

/// The material range the polynomials are fitted over; counts outside it
/// (extra queens, or kings with a pawn or two) are clamped to it.
pub const MATERIAL_MIN: i32 = 6;
pub const MATERIAL_MAX: i32 = 78;
/// The material count is divided by this so the polynomial's argument stays
/// near 1 and its coefficients are of one size.
pub const MATERIAL_SCALE: f64 = 58.0;
/// Scores beyond this are clamped: the odds are decided well before.
pub const SCORE_CLAMP: i32 = 4000;

/// Coefficients of the two cubics, constant term first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 4],
    pub b: [f64; 4],
}

impl WdlModel {
    /// Midpoint and width of the win curve at this material count.
    pub fn curve(&self, material: i32) -> (f64, f64) {
        let m = material.clamp(MATERIAL_MIN, MATERIAL_MAX) as f64 / MATERIAL_SCALE;
        let poly = |c: &[f64; 4]| ((c[3] * m + c[2]) * m + c[1]) * m + c[0];
        // A width at or below zero would turn the curve over; the fit keeps
        // it well above, this only guards hand-made coefficients.
        (poly(&self.a), poly(&self.b).max(1.0))
    }

    /// The chance (0..1) that the side with score `cp` wins.
    pub fn win_chance(&self, cp: i32, material: i32) -> f64 {
        let (a, b) = self.curve(material);
        let v = cp.clamp(-SCORE_CLAMP, SCORE_CLAMP) as f64;
        1.0 / (1.0 + ((a - v) / b).exp())
    }

    /// Odds in per mille for a centipawn score from the side to move's view.
    pub fn odds(&self, cp: i32, material: i32) -> WdlOdds {
        let win = (1000.0 * self.win_chance(cp, material)).round() as u32;
        let loss = (1000.0 * self.win_chance(-cp, material)).round() as u32;
        // With a positive midpoint win + loss stays below 1000; rounding
        // and hand-made coefficients are kept in range all the same.
        let loss = loss.min(1000 - win.min(1000));
        WdlOdds { win: win.min(1000), draw: 1000 - win.min(1000) - loss, loss }
    }
}

// BEGIN FITTED (rewritten by `wdlfit --write`)
/// The model fitted to self-play; see the module documentation.
pub const MODEL: WdlModel =
    WdlModel { a: [394.160, -987.413, 1080.322, -391.438], b: [109.206, -240.829, 316.722, -120.361] };
// END FITTED

/// Odds for a centipawn score from the side to move's view in `pos`.
pub fn odds(pos: &Position, cp: i32) -> WdlOdds {
    MODEL.odds(cp, material_count(pos))
}

/// Odds for a side that mates (`moves` > 0) or is mated (`moves` <= 0).
pub fn mate_odds(moves: i32) -> WdlOdds {
    if moves > 0 {
        WdlOdds::WON
    } else {
        WdlOdds::LOST
    }
}

/// White's odds from odds seen by the side to move.
pub fn white_view(pos: &Position, odds: WdlOdds) -> WdlOdds {
    if pos.side_to_move() == Color::White {
        odds
    } else {
        odds.flipped()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_add_up_and_are_monotone_in_the_score() {
        for material in [0, 17, 30, 50, 78, 100] {
            let mut last = MODEL.odds(-5000, material);
            assert_eq!(last.win + last.draw + last.loss, 1000);
            for cp in (-4990..=5000).step_by(10) {
                let o = MODEL.odds(cp, material);
                assert_eq!(o.win + o.draw + o.loss, 1000, "cp {cp} material {material}");
                assert!(o.win >= last.win && o.loss <= last.loss, "cp {cp} material {material}: {last:?} then {o:?}");
                last = o;
            }
        }
    }

    #[test]
    fn odds_are_symmetric_and_decided_at_the_ends() {
        for material in [20, 40, 78] {
            assert_eq!(MODEL.odds(0, material).win, MODEL.odds(0, material).loss);
            assert_eq!(MODEL.odds(250, material), MODEL.odds(-250, material).flipped());
            assert!(MODEL.odds(3000, material).win > 990);
            assert!(MODEL.odds(-3000, material).loss > 990);
            assert!(MODEL.odds(0, material).draw > 0);
        }
    }

    #[test]
    fn material_is_counted_from_the_board() {
        assert_eq!(material_count(&Position::startpos()), 78);
        let kr = Position::from_fen("8/8/4k3/8/8/8/8/R3K3 w - - 0 1", false).unwrap();
        assert_eq!(material_count(&kr), 5);
    }

    #[test]
    fn a_small_edge_with_little_left_is_more_often_drawn() {
        // What the fit found in self-play, and why the odds depend on the
        // material: a pawn up in a bare ending (say rook and pawn against
        // rook) is drawn far more often than a pawn up with pieces on.
        for cp in [80, 150] {
            assert!(MODEL.win_chance(cp, 12) + 0.1 < MODEL.win_chance(cp, 50), "{cp}");
        }
    }

    #[test]
    fn white_view_flips_for_black() {
        let black = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1", false).unwrap();
        let o = WdlOdds { win: 600, draw: 300, loss: 100 };
        assert_eq!(white_view(&black, o), WdlOdds { win: 100, draw: 300, loss: 600 });
        assert_eq!(mate_odds(3), WdlOdds::WON);
        assert_eq!(mate_odds(-2), WdlOdds::LOST);
        assert_eq!(mate_odds(0), WdlOdds::LOST);
    }
}
