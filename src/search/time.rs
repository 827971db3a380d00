//! Time management: turns the clock of a `go` command into a soft limit (do
//! not start another iteration after it) and a hard limit (abort the search),
//! both measured from the moment the `go` arrived. For a ponder search that
//! includes the time spent pondering: the clock the GUI sends with
//! `go ponder` is the clock we will have at `ponderhit`, so the deadlines
//! stay inside it, and the time the prediction saved goes to later moves.

use super::limits::Limits;
use crate::chess::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    pub soft_ms: u64,
    pub hard_ms: u64,
}

/// Milliseconds a move needs on the runner's side (communication, process
/// scheduling) beyond the engine's own clock: the `Move Overhead` option.
pub const DEFAULT_MOVE_OVERHEAD: u64 = 10;

/// The budget for this move, or `None` when the search is not timed.
pub fn budget(limits: &Limits, us: Color, overhead_ms: u64) -> Option<TimeBudget> {
    if let Some(mt) = limits.movetime {
        // A fixed move time is honoured to the millisecond, less the overhead.
        let t = mt.saturating_sub(overhead_ms).max(1);
        return Some(TimeBudget { soft_ms: t, hard_ms: t });
    }
    let (own, own_inc, other, other_inc) = match us {
        Color::White => (limits.wtime, limits.winc, limits.btime, limits.binc),
        Color::Black => (limits.btime, limits.binc, limits.wtime, limits.winc),
    };
    // A GUI that sends only the other side's clock still means a timed
    // game: budget by that clock rather than search forever.
    let (time, inc) = match (own, other) {
        (Some(t), _) => (t, own_inc.unwrap_or(0)),
        (None, Some(t)) => (t, other_inc.unwrap_or(0)),
        (None, None) => return None,
    };
    let mtg = limits.movestogo.map(|m| m.clamp(1, 50) as u64).unwrap_or(30);
    // Never plan to use what the overhead will eat. Each move costs the
    // overhead again, so only the part of the increment above it is ours to
    // spend: otherwise, with an increment close to the overhead, the clock
    // drains move after move until the engine flags.
    let left = time.saturating_sub(overhead_ms).max(1);
    let soft = left / mtg + inc.saturating_sub(overhead_ms) * 3 / 4;
    // The hard limit may stretch a move when the search needs it, but never
    // past a fraction of the clock that leaves room for the next moves.
    let cap = if mtg == 1 { left * 9 / 10 } else { left * 3 / 5 };
    let hard = (soft * 4).min(cap).max(1);
    let soft = soft.min(hard).max(1);
    Some(TimeBudget { soft_ms: soft, hard_ms: hard })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(w: u64, winc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            wtime: Some(w),
            winc: Some(winc),
            btime: Some(w),
            binc: Some(winc),
            movestogo: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn never_exceeds_the_clock() {
        for &t in &[1u64, 5, 20, 100, 1000, 60_000, 3_600_000] {
            for &inc in &[0u64, 10, 100, 1000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let b = budget(&clock(t, inc, mtg), Color::White, 10).unwrap();
                    assert!(b.soft_ms <= b.hard_ms);
                    assert!(b.hard_ms <= t.saturating_sub(10).max(1), "t={t} inc={inc} mtg={mtg:?} {b:?}");
                }
            }
        }
    }

    /// Simulates a long sudden-death game with a small increment where every
    /// move really costs the overhead: the clock must settle, not drain.
    #[test]
    fn small_increment_clock_does_not_drain() {
        for real_overhead in [2u64, 5, 9] {
            let mut left = 1000u64;
            for _ in 0..400 {
                let b = budget(&clock(left, 10, None), Color::White, 10).unwrap();
                let used = b.soft_ms + real_overhead;
                assert!(used <= left, "flagged with {left} ms left (overhead {real_overhead})");
                left = left - used + 10;
            }
            assert!(left > 20, "clock drained to {left} ms (overhead {real_overhead})");
        }
    }

    #[test]
    fn movetime_is_exact_less_overhead() {
        let l = Limits { movetime: Some(1000), ..Limits::default() };
        assert_eq!(budget(&l, Color::Black, 10), Some(TimeBudget { soft_ms: 990, hard_ms: 990 }));
    }

    #[test]
    fn untimed_searches_have_no_budget() {
        assert_eq!(budget(&Limits::default(), Color::White, 10), None);
        // Only Black's clock given: White budgets by it rather than searching forever.
        let l = Limits { btime: Some(1000), ..Limits::default() };
        assert!(budget(&l, Color::White, 10).is_some_and(|b| b.hard_ms < 1000));
    }
}
