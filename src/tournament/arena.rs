use super::{Pairing, Pid};
pub struct ArenaPlayer { pub pid: Pid, pub points: u32, pub rating: i32 }
pub fn arena_pairs(waiting: &[ArenaPlayer], _played: &[Pairing]) -> Vec<(Pid, Pid)> {
    waiting.chunks(2).filter(|c| c.len() == 2).map(|c| (c[0].pid.clone(), c[1].pid.clone())).collect()
}
