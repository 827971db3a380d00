//! The `eval` command's breakdown: every group of terms for White, Black
//! and the total, middlegame and endgame, then phase, scale and the final
//! score, so a user can see why the engine likes a position.

use super::layout::{term_of, TERMS};
use super::score::S;
use super::trace::Coefficients;
use super::weights::WEIGHTS;
use super::{blend, evaluate_white, MAX_PHASE};
use crate::chess::Position;

fn pawns(cp: i32) -> String {
    format!("{:+.2}", cp as f64 / 100.0)
}

/// The breakdown as lines of text.
pub fn render(pos: &Position) -> Vec<String> {
    let mut t = Coefficients::new();
    let white_score = evaluate_white(pos, &mut t);
    let mut lines = Vec::new();
    lines.push(pos.to_fen());
    if t.special {
        lines.push("special endgame knowledge decides this position (weights not used)".to_string());
    } else {
        // Group order as in the layout.
        let mut groups: Vec<&str> = Vec::new();
        for term in TERMS {
            if !groups.contains(&term.group) {
                groups.push(term.group);
            }
        }
        lines.push(format!(
            "{:<14} | {:^15} | {:^15} | {:^15}",
            "term", "White mg   eg", "Black mg   eg", "Total mg   eg"
        ));
        lines.push(format!("{:-<14}-+-{:-<15}-+-{:-<15}-+-{:-<15}", "", "", "", ""));
        let mut grand = [S::ZERO; 2];
        for g in &groups {
            let mut side = [S::ZERO; 2];
            if *g == "Complexity" {
                // Shown for the side it helps: it only moves the endgame
                // score of the side ahead.
                let v = S(0, t.complexity_score.abs());
                side = if t.complexity_score >= 0 { [v, S::ZERO] } else { [S::ZERO, v] };
            }
            for (i, &w) in WEIGHTS.iter().enumerate() {
                if term_of(i).0.group == *g {
                    side[0] += w * t.white[i];
                    side[1] += w * t.black[i];
                }
            }
            grand[0] += side[0];
            grand[1] += side[1];
            let total = side[0] - side[1];
            lines.push(format!(
                "{:<14} | {:>7} {:>7} | {:>7} {:>7} | {:>7} {:>7}",
                g,
                pawns(side[0].mg()),
                pawns(side[0].eg()),
                pawns(side[1].mg()),
                pawns(side[1].eg()),
                pawns(total.mg()),
                pawns(total.eg())
            ));
        }
        let total = grand[0] - grand[1];
        lines.push(format!("{:-<14}-+-{:-<15}-+-{:-<15}-+-{:-<15}", "", "", "", ""));
        lines.push(format!(
            "{:<14} | {:>7} {:>7} | {:>7} {:>7} | {:>7} {:>7}",
            "Total",
            pawns(grand[0].mg()),
            pawns(grand[0].eg()),
            pawns(grand[1].mg()),
            pawns(grand[1].eg()),
            pawns(total.mg()),
            pawns(total.eg())
        ));
        lines.push(format!(
            "phase {}/{} (middlegame share), endgame scale {}/128: blended {}",
            t.phase,
            MAX_PHASE,
            t.scale,
            pawns(blend(total, t.phase, t.scale))
        ));
    }
    let stm = pos.side_to_move().sign() * white_score;
    lines.push(format!("final evaluation: {} (White's view), {} (side to move)", pawns(white_score), pawns(stm)));
    lines
}
