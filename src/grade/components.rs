//! Strongly connected components of a directed graph (Tarjan's algorithm without recursion),
//! handed out in reverse topological order, for the reachability tables of the chain searches.

/// Not numbered yet.
const UNSEEN: u32 = u32::MAX;

/// The state of Tarjan's walk.
struct Walk {
    /// Each node's number in the order reached.
    index: Vec<u32>,
    /// The lowest number each node's walk got back to.
    lowest: Vec<u32>,
    /// Whether a node waits on the stack for its component to close.
    on_stack: Vec<bool>,
    /// Nodes whose component is open, in the order reached.
    stack: Vec<u32>,
    /// The depth-first path: (node, next edge).
    path: Vec<(u32, u32)>,
    /// The next number.
    next: u32,
}

impl Walk {
    fn visit(&mut self, node: usize) {
        self.index[node] = self.next;
        self.lowest[node] = self.next;
        self.next += 1;
        self.stack.push(node as u32);
        self.on_stack[node] = true;
        self.path.push((node as u32, 0));
    }
}

/// Walks a graph of `count` nodes from each of `roots` in turn; `successor(node, edge)` is
/// the node's `edge`-th successor (`None` past the last). Every component found is handed to
/// `component` with its members, after every component it links to.
pub(crate) fn strong_components(
    count: usize,
    roots: impl Iterator<Item = usize>,
    mut successor: impl FnMut(usize, u32) -> Option<usize>,
    mut component: impl FnMut(&[u32]),
) {
    let mut walk = Walk {
        index: vec![UNSEEN; count],
        lowest: vec![0; count],
        on_stack: vec![false; count],
        stack: Vec::new(),
        path: Vec::new(),
        next: 0,
    };
    for root in roots {
        if walk.index[root] != UNSEEN {
            continue;
        }
        walk.visit(root);
        while let Some(&(current, edge)) = walk.path.last() {
            let current = current as usize;
            if let Some(target) = successor(current, edge) {
                if let Some(step) = walk.path.last_mut() {
                    step.1 += 1;
                }
                if walk.index[target] == UNSEEN {
                    walk.visit(target);
                } else if walk.on_stack[target] {
                    walk.lowest[current] = walk.lowest[current].min(walk.index[target]);
                }
                continue;
            }
            walk.path.pop();
            if let Some(&(caller, _)) = walk.path.last() {
                let caller = caller as usize;
                walk.lowest[caller] = walk.lowest[caller].min(walk.lowest[current]);
            }
            if walk.lowest[current] == walk.index[current] {
                // `current` roots a component: its members are on the stack above it
                let from = walk
                    .stack
                    .iter()
                    .rposition(|&member| member as usize == current)
                    .expect("the root is on the stack");
                for &member in &walk.stack[from..] {
                    walk.on_stack[member as usize] = false;
                }
                component(&walk.stack[from..]);
                walk.stack.truncate(from);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_come_after_those_they_link_to() {
        // 0 → 1 ⇄ 2 → 3, 4 alone
        let edges: Vec<Vec<usize>> = vec![vec![1], vec![2], vec![1, 3], vec![], vec![]];
        let mut found: Vec<Vec<u32>> = Vec::new();
        strong_components(
            edges.len(),
            0..edges.len(),
            |node, edge| edges[node].get(edge as usize).copied(),
            |members| {
                let mut members = members.to_vec();
                members.sort_unstable();
                found.push(members);
            },
        );
        assert_eq!(found, vec![vec![3], vec![1, 2], vec![0], vec![4]]);
    }
}
