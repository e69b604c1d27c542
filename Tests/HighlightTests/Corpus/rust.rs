use std::collections::HashMap;
use std::fs;

/// The word counts of a post.
#[derive(Debug, Default, Clone)]
pub struct Counts {
    words: HashMap<String, usize>,
    total: u64,
}

impl Counts {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, text: &str) {
        for word in text.split_whitespace() {
            *self.words.entry(word.to_lowercase()).or_insert(0) += 1;
            self.total += 1;
        }
    }

    pub fn top(&self, n: usize) -> Vec<(&String, &usize)> {
        let mut pairs: Vec<_> = self.words.iter().collect();
        pairs.sort_by(|a, b| b.1.cmp(a.1));
        pairs.into_iter().take(n).collect()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = fs::read_to_string("post.md")?;
    let mut counts = Counts::new();
    counts.add(&text);
    // Print the ten most used words.
    for (word, count) in counts.top(10) {
        println!("{word}: {count}");
    }
    let ratio = 0.75_f64 * 2.0;
    match counts.total {
        0 => println!("empty"),
        n if n > 1_000 => println!("long: {}", n),
        _ => {}
    }
    Ok(())
}
