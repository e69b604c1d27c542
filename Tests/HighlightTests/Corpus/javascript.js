// Service worker: cache the shell, serve it offline.
import { precache, matchRoute } from './router.js';

const CACHE = 'site-v3';
const ASSETS = ['/', '/css/style.css', '/js/search.js'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)));
});

async function respond(request) {
  const cached = await caches.match(request);
  if (cached !== undefined) {
    return cached;
  }
  try {
    const response = await fetch(request);
    return response;
  } catch (error) {
    console.error(`offline: ${request.url}`, error);
    return new Response("Offline", { status: 503 });
  }
}

class Search {
  constructor(index) {
    this.index = index ?? [];
    this.limit = 10;
  }

  find(query) {
    const words = query.toLowerCase().split(/\s+/);
    return this.index.filter((entry) => words.every((word) => entry.text.includes(word))).slice(0, this.limit);
  }
}

export default Search;
let count = 0x10 + 3.5e2;
for (let i = 0; i < count; i++) { if (i % 2 === 0) continue; }
