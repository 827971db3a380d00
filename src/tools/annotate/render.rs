//! Writing a review into the game: `[%eval]` comments, marks, the better
//! line as a variation, the motifs named, and a summary comment.

use super::motifs::Motif;
use super::review::{positions_of, LineReview, MoveReview, PositionEval};
use super::summary::SideSummary;
use crate::chess::pgn::{PgnGame, PgnLine, PgnMove};
use crate::chess::{Color, Move, Position};
use crate::search::{score_kind, ScoreKind};

/// Move-quality glyphs ($1-$6): the ones a review replaces.
const QUALITY_NAGS: std::ops::RangeInclusive<u8> = 1..=6;

/// `[%eval 0.34]` / `[%eval #-3]`: White's view, in pawns, as Lichess and
/// ChessBase write it. None for a checkmate on the board, which has no
/// mate distance to give (Lichess leaves it out too).
pub fn eval_command(pos: &Position, eval: &PositionEval) -> Option<String> {
    (score_kind(eval.score) != ScoreKind::Mate(0)).then(|| format!("[%eval {}]", white_score_text(pos, eval.score)))
}

/// A search score (side to move's view in `pos`) as White's view text:
/// `0.34`, `-1.20`, `#3`, `#-2`.
pub fn white_score_text(pos: &Position, score: i32) -> String {
    let sign = if pos.side_to_move() == Color::White { 1 } else { -1 };
    match score_kind(score) {
        ScoreKind::Cp(cp) => format!("{:.2}", (sign * cp) as f64 / 100.0),
        // Mated now (0) is a mate against the side to move.
        ScoreKind::Mate(m) => {
            let mover_mates = m > 0;
            let white_mates = mover_mates == (sign == 1);
            format!("#{}{}", if white_mates { "" } else { "-" }, m.abs())
        }
    }
}

/// A motif as the comment names it: `fork (捉双)`.
pub fn motif_phrase(m: Motif) -> String {
    match m.chinese() {
        Some(zh) => format!("{} ({zh})", m.name()),
        None => m.name().to_string(),
    }
}

fn motif_list(motifs: &[Motif]) -> String {
    motifs.iter().map(|&m| motif_phrase(m)).collect::<Vec<_>>().join(", ")
}

/// The comment of a judged move, after its `[%eval]`.
fn judgement_text(review: &MoveReview, before_pos: &Position, before_eval: &PositionEval) -> Option<String> {
    let judgement = review.judgement?;
    let mut text =
        format!("{}: expected score {:.0}% -> {:.0}%.", judgement.word(), 100.0 * review.before, 100.0 * review.after);
    if !review.refuted_by.is_empty() {
        text.push_str(&format!(" Refuted by {}.", motif_list(&review.refuted_by)));
    }
    if let Some(best) = before_eval.best.filter(|_| review.better.is_some()) {
        text.push_str(&format!(
            " Better: {} ({})",
            before_pos.move_to_san(best),
            white_score_text(before_pos, before_eval.score)
        ));
        if !review.missed.is_empty() {
            text.push_str(&format!(", with {}", motif_list(&review.missed)));
        }
        text.push('.');
    }
    Some(text)
}

/// A line of moves from `pos` as PGN moves (no comments).
fn as_line(pos: &Position, moves: &[Move]) -> PgnLine {
    let mut line = PgnLine::default();
    let mut p = pos.clone();
    for &m in moves {
        if !p.is_legal(m) {
            break;
        }
        line.moves.push(PgnMove::new(m));
        p.make_move(m);
    }
    line
}

/// Removes `[%eval ...]` commands from a comment: the review's own replaces
/// them. Returns `None` when nothing else is left.
fn without_eval(comment: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%eval") {
        out.push_str(&rest[..start]);
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    (!out.is_empty()).then_some(out)
}

/// Writes the review of the main line into `game`.
pub fn annotate_game(game: &mut PgnGame, start: &Position, review: &LineReview, header: &str) {
    let moves: Vec<Move> = game.line.moves.iter().map(|m| m.mv).collect();
    let positions = positions_of(start, &moves);
    for r in &review.moves {
        let (before_pos, after_pos) = (&positions[r.index], &positions[r.index + 1]);
        let (before_eval, after_eval) = (&review.evals[r.index], &review.evals[r.index + 1]);
        let node = &mut game.line.moves[r.index];
        let mut comments: Vec<String> = node.comments.iter().filter_map(|c| without_eval(c)).collect();
        let own: Vec<String> =
            eval_command(after_pos, after_eval).into_iter().chain(judgement_text(r, before_pos, before_eval)).collect();
        if !own.is_empty() {
            comments.insert(0, own.join(" "));
        }
        node.comments = comments;
        if let Some(j) = r.judgement {
            node.nags.retain(|n| !QUALITY_NAGS.contains(n));
            node.nags.insert(0, j.nag());
            if j != super::judge::Judgement::Inaccuracy {
                if let Some(better) = &r.better {
                    let mut line = as_line(before_pos, better);
                    if let (Some(first), Some(eval)) = (line.moves.first_mut(), eval_command(before_pos, before_eval)) {
                        first.comments.push(eval);
                    }
                    if !line.moves.is_empty() {
                        node.variations.insert(0, line);
                    }
                }
            }
        }
    }
    let summary = [Color::White, Color::Black].map(|c| SideSummary::of(c, &review.moves));
    let text = format!("{header} {}. {}.", summary[0].describe(), summary[1].describe());
    game.line.comment_before.insert(0, text);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn scores_are_written_from_whites_view() {
        let white = Position::startpos();
        let black = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1", false).unwrap();
        assert_eq!(white_score_text(&white, 34), "0.34");
        assert_eq!(white_score_text(&black, 34), "-0.34");
        assert_eq!(white_score_text(&white, -120), "-1.20");
        assert_eq!(white_score_text(&white, MATE - 5), "#3");
        assert_eq!(white_score_text(&black, MATE - 5), "#-3");
        assert_eq!(white_score_text(&black, -MATE + 4), "#2");
        let mated = PositionEval { score: -MATE, best: None, pv: Vec::new() };
        assert_eq!(eval_command(&white, &mated), None);
        let ahead = PositionEval { score: 150, best: None, pv: Vec::new() };
        assert_eq!(eval_command(&black, &ahead).as_deref(), Some("[%eval -1.50]"));
    }

    #[test]
    fn old_evals_are_dropped_and_the_rest_kept() {
        assert_eq!(without_eval("[%eval 0.17] [%clk 0:00:30]"), Some("[%clk 0:00:30]".to_string()));
        assert_eq!(without_eval("[%eval #-3]"), None);
        assert_eq!(without_eval("a good move [%eval 1.5]"), Some("a good move".to_string()));
        assert_eq!(without_eval("[%eval broken"), None);
    }
}
