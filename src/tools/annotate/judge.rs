//! Judging one move by what it did to the mover's chances.
//!
//! A move is measured by the fall in the mover's expected score (win + half
//! a draw, from the win/draw/loss model) between the position before it and
//! the position after it. Lichess marks moves by the fall of its winning
//! chances on a -1..1 scale, 0.1 / 0.2 / 0.3 for an inaccuracy, a mistake
//! and a blunder; on the 0..1 expected-score scale those are 0.05, 0.10
//! and 0.15, the thresholds used here. A fall in centipawns alone would
//! call losing 300 cp at +900 a blunder, when the game is still won.

/// The fall in expected score (0..1) from which a move gets each mark.
pub const INACCURACY: f64 = 0.05;
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.15;

/// Scores are clamped to this many centipawns (a mate counts as this much)
/// for the average centipawn loss, so one lost mate does not swamp a game.
pub const CP_LOSS_CLAMP: i32 = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The mark for a fall in expected score, if it earns one.
    pub fn of_drop(drop: f64) -> Option<Judgement> {
        if drop >= BLUNDER {
            Some(Judgement::Blunder)
        } else if drop >= MISTAKE {
            Some(Judgement::Mistake)
        } else if drop >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    /// The PGN numeric annotation glyph: `$6` ?!, `$2` ?, `$4` ??.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// Accuracy of one move (0..100) from the fall in expected score, Lichess's
/// curve: 100 for no loss, about 50 for a fall of 16 percentage points, near
/// 0 for a fall of 60 or more.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let fall = (100.0 * (before - after)).max(0.0);
    (103.1668 * (-0.04354 * fall).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Accuracy of a game's moves: the mean of their arithmetic and harmonic
/// means. The harmonic mean makes one blunder weigh as a player feels it;
/// the arithmetic mean keeps a single slip from sinking a good game. Moves
/// are floored at 1 for the harmonic mean. `None` with no moves.
pub fn game_accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let n = moves.len() as f64;
    let arithmetic = moves.iter().sum::<f64>() / n;
    let harmonic = n / moves.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((arithmetic + harmonic) / 2.0)
}

/// Centipawns lost by a move, from the mover's scores before and after it
/// (each clamped to `CP_LOSS_CLAMP`).
pub fn centipawn_loss(before_cp: i32, after_cp: i32) -> i32 {
    let clamp = |v: i32| v.clamp(-CP_LOSS_CLAMP, CP_LOSS_CLAMP);
    (clamp(before_cp) - clamp(after_cp)).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Judgement::of_drop(0.0), None);
        assert_eq!(Judgement::of_drop(-0.3), None);
        assert_eq!(Judgement::of_drop(0.049), None);
        assert_eq!(Judgement::of_drop(0.05), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_drop(0.12), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_drop(0.15), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_drop(1.0), Some(Judgement::Blunder));
        assert_eq!([Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder].map(Judgement::nag), [6, 2, 4]);
    }

    #[test]
    fn accuracy_falls_with_the_loss() {
        assert!((move_accuracy(0.6, 0.6) - 100.0).abs() < 0.01);
        assert!((move_accuracy(0.6, 0.7) - 100.0).abs() < 0.01, "a gain is not penalised");
        let mut last = 101.0;
        for fall in 0..=100 {
            let a = move_accuracy(1.0, 1.0 - fall as f64 / 100.0);
            assert!(a <= last && (0.0..=100.0).contains(&a));
            last = a;
        }
        assert!(move_accuracy(1.0, 0.0) < 1.0);
        assert!((40.0..60.0).contains(&move_accuracy(0.66, 0.5)));
    }

    #[test]
    fn one_blunder_pulls_the_game_down_more_than_its_share() {
        assert_eq!(game_accuracy(&[]), None);
        assert!((game_accuracy(&[90.0, 90.0]).unwrap() - 90.0).abs() < 1e-9);
        let with_blunder = game_accuracy(&[100.0, 100.0, 100.0, 0.0]).unwrap();
        assert!(with_blunder < 75.0, "{with_blunder}");
    }

    #[test]
    fn centipawn_loss_is_clamped_and_never_negative() {
        assert_eq!(centipawn_loss(50, -20), 70);
        assert_eq!(centipawn_loss(-20, 50), 0);
        assert_eq!(centipawn_loss(30_000, 900), 100);
        assert_eq!(centipawn_loss(200, -30_000), 1200);
    }
}
