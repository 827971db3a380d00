//! Per-side totals of a reviewed game: marks, average centipawn loss and
//! accuracy.

use super::judge::{game_accuracy, Judgement};
use super::review::MoveReview;
use crate::chess::Color;

#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    pub color: Color,
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Average centipawn loss per judged move.
    pub acpl: Option<f64>,
    /// 0..100, see [`game_accuracy`].
    pub accuracy: Option<f64>,
}

impl SideSummary {
    pub fn of(color: Color, reviews: &[MoveReview]) -> SideSummary {
        let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.mover == color).collect();
        let count = |j: Judgement| mine.iter().filter(|r| r.judgement == Some(j)).count();
        let acpl = (!mine.is_empty()).then(|| mine.iter().map(|r| r.cp_loss as f64).sum::<f64>() / mine.len() as f64);
        let accuracies: Vec<f64> = mine.iter().map(|r| r.accuracy).collect();
        SideSummary {
            color,
            moves: mine.len(),
            inaccuracies: count(Judgement::Inaccuracy),
            mistakes: count(Judgement::Mistake),
            blunders: count(Judgement::Blunder),
            acpl,
            accuracy: game_accuracy(&accuracies),
        }
    }

    /// One line: `White: 2 ?!, 1 ?, 0 ??, average centipawn loss 34, accuracy 87.2%`.
    pub fn describe(&self) -> String {
        let side = if self.color == Color::White { "White" } else { "Black" };
        match (self.acpl, self.accuracy) {
            (Some(acpl), Some(acc)) => format!(
                "{side}: {} ?!, {} ?, {} ??, average centipawn loss {:.0}, accuracy {:.1}%",
                self.inaccuracies, self.mistakes, self.blunders, acpl, acc
            ),
            _ => format!("{side}: no moves judged"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Move;

    fn review(mover: Color, cp_loss: i32, accuracy: f64, judgement: Option<Judgement>) -> MoveReview {
        MoveReview {
            index: 0,
            mover,
            played: Move::NULL,
            before: 0.5,
            after: 0.5,
            cp_loss,
            accuracy,
            judgement,
            better: None,
            refuted_by: Vec::new(),
            missed: Vec::new(),
            disputed: false,
        }
    }

    #[test]
    fn counts_each_side_apart() {
        let reviews = [
            review(Color::White, 10, 95.0, None),
            review(Color::Black, 300, 20.0, Some(Judgement::Blunder)),
            review(Color::White, 60, 70.0, Some(Judgement::Inaccuracy)),
            review(Color::Black, 0, 100.0, None),
        ];
        let white = SideSummary::of(Color::White, &reviews);
        assert_eq!((white.moves, white.inaccuracies, white.mistakes, white.blunders), (2, 1, 0, 0));
        assert_eq!(white.acpl, Some(35.0));
        let black = SideSummary::of(Color::Black, &reviews);
        assert_eq!((black.moves, black.blunders), (2, 1));
        assert!(black.accuracy.unwrap() < white.accuracy.unwrap());
        assert!(white.describe().starts_with("White: 1 ?!, 0 ?, 0 ??, average centipawn loss 35, accuracy"));
        assert_eq!(SideSummary::of(Color::White, &[]).describe(), "White: no moves judged");
    }
}
