// The search index, typed.
import type { Post } from "./post";

export interface Entry {
  readonly url: string;
  title: string;
  tags?: string[];
  score: number;
}

type Query = string | RegExp;

enum Sort {
  Newest,
  Oldest = 2,
}

export class Index<T extends Entry> {
  private entries: T[] = [];
  static readonly limit = 20;

  constructor(private readonly name: string) {}

  add(entry: T): void {
    this.entries.push(entry);
  }

  search(query: Query, sort: Sort = Sort.Newest): T[] {
    const matches = this.entries.filter((entry) =>
      typeof query === "string" ? entry.title.includes(query) : query.test(entry.title),
    );
    return matches.slice(0, Index.limit);
  }
}

export async function load(url: string): Promise<Entry[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`failed: ${response.status}`);
  return (await response.json()) as Entry[];
}
