use serde::{Deserialize, Serialize};
use super::{Entrant, Format, Pairing, Pid};
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Mark { Win, Draw, Loss, Bye, Void }
impl Mark { pub fn letter(self) -> char { match self { Mark::Win => 'W', Mark::Draw => 'D', Mark::Loss => 'L', Mark::Bye => 'B', Mark::Void => '-' } } }
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Standing {
    pub rank: u32, pub pid: Pid, pub nick: String, pub rating: i32, pub points: u32,
    pub marks: Vec<Mark>, pub games: u32, pub performance: Option<i32>, pub buchholz: u32,
    pub sonneborn: u32, pub fire: bool, pub withdrawn: bool,
}
impl Standing { pub fn points_text(&self, _f: Format) -> String { self.points.to_string() } }
pub fn standings(_format: Format, entrants: &[Entrant], _pairings: &[Pairing]) -> Vec<Standing> {
    entrants.iter().enumerate().map(|(i, e)| Standing { rank: i as u32 + 1, pid: e.pid.clone(), nick: e.nick.clone(), rating: e.rating, points: 0, marks: vec![], games: 0, performance: None, buchholz: 0, sonneborn: 0, fire: false, withdrawn: e.withdrawn }).collect()
}
