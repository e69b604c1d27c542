-- The posts of each tag, newest first.
CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    published_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    draft BOOLEAN NOT NULL DEFAULT FALSE,
    words INT CHECK (words >= 0)
);

CREATE INDEX posts_by_date ON posts (published_at DESC);

INSERT INTO posts (title, words) VALUES ('Hello, world', 120), ('It''s here', 2048);

SELECT t.name, COUNT(*) AS total, MAX(p.published_at) AS latest
FROM tags AS t
JOIN post_tags pt ON pt.tag_id = t.id
LEFT OUTER JOIN posts p ON p.id = pt.post_id
WHERE p.draft = FALSE
  AND p.title LIKE '%Swift%'
  AND p.words BETWEEN 100 AND 5000
GROUP BY t.name
HAVING COUNT(*) > 2
ORDER BY total DESC, t.name ASC
LIMIT 10 OFFSET 0;

/* Retire the old drafts. */
UPDATE posts SET draft = TRUE WHERE published_at < '2020-01-01' AND id IN (SELECT post_id FROM post_tags);
DELETE FROM posts WHERE id = 42 OR title IS NULL;
