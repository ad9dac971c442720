//! A screen ([`Cells`]) as a grid of cells, for the lobby's seek list (its rows and which
//! one is selected).

use super::cells::Cells;

/// A screen as a grid of cells (one char per column, wide characters' second half blank).
pub(crate) struct Grid {
    rows: Vec<Vec<char>>,
    inverse: Vec<Vec<bool>>,
}

impl Grid {
    pub(crate) fn of(screen: &Cells) -> Grid {
        let (h, _) = screen.size();
        let rows: Vec<Vec<char>> = (0..h).map(|y| screen.row(y).to_vec()).collect();
        // Reverse video marks the selected row of a list: only the lobby needs it.
        const OPEN: [char; 10] = ['O', 'p', 'e', 'n', ' ', 's', 'e', 'e', 'k', 's'];
        let lobby = rows
            .iter()
            .any(|r| r.windows(OPEN.len()).any(|w| w == OPEN));
        let inverse = match lobby {
            true => (0..h).map(|y| screen.inverse_row(y).to_vec()).collect(),
            false => Vec::new(),
        };
        Grid { rows, inverse }
    }

    /// Row and column of the seek list's column headings.
    pub(crate) fn seek_header(&self) -> Option<(usize, usize)> {
        const HEAD: &str = "player       variant";
        let head: Vec<char> = HEAD.chars().collect();
        for (y, r) in self.rows.iter().enumerate() {
            if let Some(x) = r.windows(head.len()).position(|w| w == head.as_slice()) {
                return Some((y, x));
            }
        }
        None
    }

    /// The seek rows below the headings: (row, owner column text).
    pub(crate) fn seek_rows(&self) -> Vec<(usize, String)> {
        let Some((hy, hx)) = self.seek_header() else {
            return vec![];
        };
        let mut out = vec![];
        for y in hy + 1..self.rows.len() {
            let r = &self.rows[y];
            if hx + 12 > r.len() {
                break;
            }
            let owner: String = r[hx..hx + 12].iter().collect();
            let owner = owner.trim().to_string();
            // The list ends at the panel's border (a line of box characters) or a blank row.
            if owner.is_empty() || owner.chars().all(|c| !c.is_alphanumeric() && c != '(') {
                break;
            }
            out.push((y, owner));
        }
        out
    }

    pub(crate) fn seek_row_of(&self, owner: &str) -> Option<usize> {
        self.seek_rows()
            .into_iter()
            .find(|(_, o)| o == owner)
            .map(|(y, _)| y)
    }

    pub(crate) fn selected_seek_row(&self) -> Option<usize> {
        let (_, hx) = self.seek_header()?;
        self.seek_rows()
            .into_iter()
            .find(|(y, _)| {
                self.inverse
                    .get(*y)
                    .and_then(|r| r.get(hx + 1))
                    .copied()
                    .unwrap_or(false)
            })
            .map(|(y, _)| y)
    }
}
