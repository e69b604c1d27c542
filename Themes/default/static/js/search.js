// sitegen default theme: the search page (/search/). It reads the query from ?q=, searches
// as the reader types, and keeps ?q= in the address so that a search can be linked. It reads
// the index sitegen writes (docs/search.md, format version 1): search/index.json first, then
// only the chunks of the terms typed, then the fragments of the results shown. Without script
// the page says so and links to the archive. The tokenizer and the stemmer below must cut and
// stem exactly as SiteKit's SearchTokenizer and EnglishStemmer do (SearchScriptTests runs both).
(function (root) {
  "use strict";

  // ---- Terms: the same rules as SearchTokenizer.swift ----
  var WORD = /[\p{L}\p{N}_]+/gu;
  var MAX_BYTES = 40;
  var encoder = typeof TextEncoder !== "undefined" ? new TextEncoder() : null;

  function byteLength(text) {
    return encoder ? encoder.encode(text).length : unescape(encodeURIComponent(text)).length;
  }

  function isUpper(c) { return c >= "A" && c <= "Z"; }
  function isLower(c) { return c >= "a" && c <= "z"; }
  function isDigit(c) { return c >= "0" && c <= "9"; }

  // A word's whole form (lowercased, without "_"), then its parts when it has several.
  function wordForms(word) {
    if (!/^[\x00-\x7f]*$/.test(word)) return [word.replace(/_/g, "").toLowerCase()];
    var parts = [], start = 0;
    for (var i = 0; i < word.length; i++) {
      var c = word[i];
      if (c === "_") {
        if (start < i) parts.push(word.slice(start, i));
        start = i + 1;
        continue;
      }
      if (i <= start || !isUpper(c)) continue;
      var previous = word[i - 1];
      var nextIsLower = i + 1 < word.length && isLower(word[i + 1]);
      if (isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower)) {
        parts.push(word.slice(start, i));
        start = i;
      }
    }
    if (start < word.length) parts.push(word.slice(start));
    var forms = [parts.join("").toLowerCase()];
    if (parts.length > 1) {
      for (var p = 0; p < parts.length; p++) if (parts[p].length > 1) forms.push(parts[p].toLowerCase());
    }
    return forms;
  }

  function keep(term) {
    var length = byteLength(term);
    return length > 1 && length <= MAX_BYTES;
  }

  // Every term of a text, as the index has them.
  function terms(text, stems) {
    var found = [];
    (text.match(WORD) || []).forEach(function (word) {
      wordForms(word).forEach(function (form) {
        if (keep(form)) found.push(stems ? stem(form) : form);
      });
    });
    return found;
  }

  // ---- The Porter stemmer, as EnglishStemmer.swift (the 1980 paper's algorithm) ----
  function isConsonant(w, i) {
    var c = w[i];
    if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
    if (c === "y") return i === 0 ? true : !isConsonant(w, i - 1);
    return true;
  }
  function measure(w, count) {
    var m = 0, previousVowel = false;
    for (var i = 0; i < count; i++) {
      var vowel = !isConsonant(w, i);
      if (!vowel && previousVowel) m++;
      previousVowel = vowel;
    }
    return m;
  }
  function hasVowel(w, count) {
    for (var i = 0; i < count; i++) if (!isConsonant(w, i)) return true;
    return false;
  }
  function endsCVC(w, count) {
    if (count < 3) return false;
    var last = w[count - 1];
    return isConsonant(w, count - 3) && !isConsonant(w, count - 2) && isConsonant(w, count - 1) &&
      last !== "w" && last !== "x" && last !== "y";
  }
  function endsDouble(w) {
    return w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isConsonant(w, w.length - 1);
  }
  function ends(w, suffix) { return w.length >= suffix.length && w.slice(w.length - suffix.length) === suffix; }
  function applyFirst(w, rules) {
    for (var i = 0; i < rules.length; i += 2) {
      if (!ends(w, rules[i])) continue;
      var stemLength = w.length - rules[i].length;
      return measure(w, stemLength) > 0 ? w.slice(0, stemLength) + rules[i + 1] : w;
    }
    return w;
  }
  var STEP2 = ["ational", "ate", "tional", "tion", "enci", "ence", "anci", "ance", "izer", "ize", "abli", "able",
    "alli", "al", "entli", "ent", "eli", "e", "ousli", "ous", "ization", "ize", "ation", "ate", "ator", "ate",
    "alism", "al", "iveness", "ive", "fulness", "ful", "ousness", "ous", "aliti", "al", "iviti", "ive", "biliti", "ble"];
  var STEP3 = ["icate", "ic", "ative", "", "alize", "al", "iciti", "ic", "ical", "ic", "ful", "", "ness", ""];
  var STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism",
    "ate", "iti", "ous", "ive", "ize"];

  function stem(word) {
    if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
    var w = word;
    // Step 1a
    if (ends(w, "sses")) w = w.slice(0, -2);
    else if (ends(w, "ies")) w = w.slice(0, -2);
    else if (!ends(w, "ss") && ends(w, "s")) w = w.slice(0, -1);
    // Step 1b
    if (ends(w, "eed")) {
      if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
    } else {
      var suffix = null;
      if (ends(w, "ed") && hasVowel(w, w.length - 2)) suffix = "ed";
      else if (ends(w, "ing") && hasVowel(w, w.length - 3)) suffix = "ing";
      if (suffix) {
        w = w.slice(0, w.length - suffix.length);
        if (ends(w, "at") || ends(w, "bl") || ends(w, "iz")) {
          w += "e";
        } else if (endsDouble(w)) {
          var last = w[w.length - 1];
          if (last !== "l" && last !== "s" && last !== "z") w = w.slice(0, -1);
        } else if (measure(w, w.length) === 1 && endsCVC(w, w.length)) {
          w += "e";
        }
      }
    }
    // Step 1c
    if (ends(w, "y") && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + "i";
    w = applyFirst(w, STEP2);
    w = applyFirst(w, STEP3);
    // Step 4
    for (var i = 0; i < STEP4.length; i++) {
      var s = STEP4[i];
      if (!ends(w, s)) continue;
      var stemLength = w.length - s.length;
      if (measure(w, stemLength) > 1 && (s !== "ion" || (stemLength > 0 && (w[stemLength - 1] === "s" || w[stemLength - 1] === "t")))) {
        w = w.slice(0, stemLength);
      }
      break;
    }
    // Step 5
    if (ends(w, "e")) {
      var m = measure(w, w.length - 1);
      if (m > 1 || (m === 1 && !endsCVC(w, w.length - 1))) w = w.slice(0, -1);
    }
    if (ends(w, "ll") && measure(w, w.length - 1) > 1) w = w.slice(0, -1);
    return w;
  }

  // ---- The index ----
  // A term's postings: pairs of numbers (page number less the previous one, weight), each in
  // base 32, a digit d as the character 80 + d when more digits follow, 48 + d for the last.
  function decode(postings) {
    var pages = [], weights = [], value = 0, page = 0, first = true;
    for (var i = 0; i < postings.length; i++) {
      var c = postings.charCodeAt(i);
      if (c >= 80) { value = value * 32 + c - 80; continue; }
      value = value * 32 + c - 48;
      if (first) { page += value; pages.push(page); } else { weights.push(value); }
      first = !first;
      value = 0;
    }
    return { pages: pages, weights: weights };
  }

  var PREFIX_MINIMUM = 3;       // letters typed before a word matches as a prefix
  var PREFIX_CHUNKS = 3;        // chunks read for a prefix at most
  var PREFIX_FACTOR = 0.7;      // a longer word that starts with what is typed ranks below the word itself

  function Searcher(indexURL, fetchText) {
    this.base = indexURL.slice(0, indexURL.lastIndexOf("/") + 1);
    this.fetchText = fetchText;
    this.index = fetchText(indexURL).then(function (text) {
      var index = JSON.parse(text);
      if (index.version !== 1) throw new Error("search index version " + index.version);
      return index;
    });
    this.chunks = {};
    this.fragments = {};
  }

  // The position of the chunk that holds `term`: the last whose first term is not after it.
  function chunkOf(index, term) {
    var low = 0, high = index.chunks.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (index.chunks[middle][0] <= term) low = middle; else high = middle - 1;
    }
    return low;
  }

  Searcher.prototype.chunk = function (index, position) {
    var name = index.chunks[position][1];
    if (!this.chunks[name]) {
      this.chunks[name] = this.fetchText(this.base + "terms/" + name + ".txt").then(function (text) {
        var map = new Map();
        text.split("\n").forEach(function (line) {
          var tab = line.indexOf("\t");
          if (tab > 0) map.set(line.slice(0, tab), line.slice(tab + 1));
        });
        return map;
      });
    }
    return this.chunks[name];
  };

  Searcher.prototype.fragment = function (page) {
    if (!this.fragments[page]) {
      this.fragments[page] = this.fetchText(this.base + "pages/" + page + ".json").then(JSON.parse);
    }
    return this.fragments[page];
  };

  // What a query asks for: each word's term (stemmed), and for the word being typed (the last,
  // unless the query ends with a space) the beginning of longer words.
  Searcher.prototype.parse = function (query, stems) {
    var words = query.match(WORD) || [];
    var typing = !/\s$/.test(query);
    var wanted = [];
    words.forEach(function (word, number) {
      var whole = wordForms(word)[0];
      if (!keep(whole)) return;
      var prefix = typing && number === words.length - 1 && whole.length >= PREFIX_MINIMUM ? whole : null;
      wanted.push({ exact: stems ? stem(whole) : whole, prefix: prefix });
    });
    return wanted;
  };

  // The matching pages, best first: every word must match; a page's score is the sum over the
  // words of its best term's weight times the term's rarity.
  Searcher.prototype.search = function (query) {
    var self = this;
    return this.index.then(function (index) {
      var stems = index.stemmer === "porter";
      var wanted = self.parse(query, stems);
      if (wanted.length === 0) return { index: index, pages: [], wanted: wanted, stems: stems };
      return Promise.all(wanted.map(function (word) { return self.match(index, word); })).then(function (scores) {
        var total = scores[0];
        for (var i = 1; i < scores.length; i++) {
          var next = new Map();
          total.forEach(function (score, page) {
            if (scores[i].has(page)) next.set(page, score + scores[i].get(page));
          });
          total = next;
        }
        var pages = Array.from(total.keys()).sort(function (a, b) { return total.get(b) - total.get(a) || b - a; });
        return { index: index, pages: pages, wanted: wanted, stems: stems };
      });
    });
  };

  // Page → score for one word of the query.
  Searcher.prototype.match = function (index, word) {
    var self = this;
    var positions = [chunkOf(index, word.exact)];
    if (word.prefix) {
      var first = chunkOf(index, word.prefix);
      for (var p = first; p < index.chunks.length && p < first + PREFIX_CHUNKS; p++) {
        if (p > first && index.chunks[p][0].slice(0, word.prefix.length) !== word.prefix) break;
        if (positions.indexOf(p) < 0) positions.push(p);
      }
    }
    return Promise.all(positions.map(function (p) { return self.chunk(index, p); })).then(function (maps) {
      var scores = new Map();
      function add(term, postings, factor) {
        var list = decode(postings);
        var rarity = Math.log(1 + index.pages / list.pages.length);
        for (var i = 0; i < list.pages.length; i++) {
          var score = list.weights[i] * rarity * factor;
          if (!(scores.get(list.pages[i]) >= score)) scores.set(list.pages[i], score);
        }
      }
      var seen = new Set();
      maps.forEach(function (map) {
        if (map.has(word.exact) && !seen.has(word.exact)) { seen.add(word.exact); add(word.exact, map.get(word.exact), 1); }
        if (!word.prefix) return;
        map.forEach(function (postings, term) {
          if (!seen.has(term) && term.slice(0, word.prefix.length) === word.prefix) { seen.add(term); add(term, postings, PREFIX_FACTOR); }
        });
      });
      return scores;
    });
  };

  // Whether a word of a page's text is one the query matches (for <mark>).
  function matches(word, wanted, stems) {
    var forms = wordForms(word);
    for (var f = 0; f < forms.length; f++) {
      var form = forms[f], term = stems ? stem(form) : form;
      for (var i = 0; i < wanted.length; i++) {
        if (term === wanted[i].exact || (wanted[i].prefix && form.slice(0, wanted[i].prefix.length) === wanted[i].prefix)) return true;
      }
    }
    return false;
  }

  // Text as runs: [{text, mark}], the matching words marked.
  function marked(text, wanted, stems) {
    var runs = [], last = 0, match;
    WORD.lastIndex = 0;
    while ((match = WORD.exec(text))) {
      if (!matches(match[0], wanted, stems)) continue;
      if (match.index > last) runs.push({ text: text.slice(last, match.index), mark: false });
      runs.push({ text: match[0], mark: true });
      last = match.index + match[0].length;
    }
    if (last < text.length) runs.push({ text: text.slice(last), mark: false });
    return runs;
  }

  var EXCERPT = 220;

  // The part of a page's text around its first match, about EXCERPT characters.
  function excerpt(text, wanted, stems) {
    var start = 0, match;
    WORD.lastIndex = 0;
    while ((match = WORD.exec(text))) {
      if (matches(match[0], wanted, stems)) { start = Math.max(0, match.index - 60); break; }
    }
    if (start > 0) {
      var space = text.indexOf(" ", start);
      start = space >= 0 && space < start + 30 ? space + 1 : start;
    }
    var end = Math.min(text.length, start + EXCERPT);
    if (end < text.length) {
      var cut = text.lastIndexOf(" ", end);
      end = cut > start + EXCERPT / 2 ? cut : end;
    }
    return (start > 0 ? "… " : "") + text.slice(start, end) + (end < text.length && !/…$/.test(text.slice(start, end)) ? " …" : "");
  }

  var api = { terms: terms, stem: stem, decode: decode, Searcher: Searcher, marked: marked, excerpt: excerpt };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  if (typeof document === "undefined") return;

  // ---- The page ----
  var PAGE_SIZE = 10;

  function start() {
    var form = document.querySelector("form.search-form[data-index]");
    if (!form || !window.fetch || !window.Map) return;
    var words = form.dataset;
    var input = form.querySelector("input[name=q]");
    var status = document.getElementById("search-status");
    var list = document.getElementById("search-results");
    var searcher = new Searcher(words.index, function (url) {
      return fetch(url).then(function (response) {
        if (!response.ok) throw new Error(url + ": " + response.status);
        return response.text();
      });
    });
    var more = document.createElement("button");
    more.type = "button";
    more.className = "search-more";
    more.textContent = words.more || "More results";
    more.hidden = true;
    list.parentNode.insertBefore(more, list.nextSibling);
    var generation = 0, found = null, shown = 0;

    function appendRuns(element, runs) {
      runs.forEach(function (run) {
        if (run.mark) {
          var mark = document.createElement("mark");
          mark.textContent = run.text;
          element.appendChild(mark);
        } else {
          element.appendChild(document.createTextNode(run.text));
        }
      });
    }

    function item(fragment, result) {
      var li = document.createElement("li");
      var heading = document.createElement("h2");
      var link = document.createElement("a");
      link.href = fragment.url;
      appendRuns(link, marked(fragment.title, result.wanted, result.stems));
      heading.appendChild(link);
      li.appendChild(heading);
      if (fragment.date) {
        var meta = document.createElement("p");
        meta.className = "search-meta";
        var time = document.createElement("time");
        time.dateTime = fragment.date;
        var date = new Date(fragment.date + "T00:00:00Z");
        time.textContent = isNaN(date) ? fragment.date : date.toLocaleDateString(document.documentElement.lang || undefined,
          { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
        meta.appendChild(time);
        li.appendChild(meta);
      }
      var text = document.createElement("p");
      text.className = "search-excerpt";
      appendRuns(text, marked(excerpt(fragment.text, result.wanted, result.stems), result.wanted, result.stems));
      li.appendChild(text);
      return li;
    }

    function say(text) {
      if (status.textContent !== text) status.textContent = text;
    }

    function countText(count) {
      var pattern = count === 1 ? (words.resultsOne || "1 result") : (words.results || "{count} results");
      return pattern.replace("{count}", String(count));
    }

    // Shows the next PAGE_SIZE results, once all their fragments are in.
    function showMore(number, moveFocus) {
      var pages = found.pages.slice(shown, shown + PAGE_SIZE);
      return Promise.all(pages.map(function (page) { return searcher.fragment(page); })).then(function (fragments) {
        if (number !== generation) return;
        var first = null;
        fragments.forEach(function (fragment) {
          var li = item(fragment, found);
          first = first || li;
          list.appendChild(li);
        });
        shown += pages.length;
        more.hidden = shown >= found.pages.length;
        if (moveFocus && first) first.querySelector("a").focus();
      });
    }

    function run(query) {
      var number = ++generation;
      if (!query.trim()) {
        list.textContent = "";
        more.hidden = true;
        say("");
        return Promise.resolve();
      }
      return searcher.search(query).then(function (result) {
        if (number !== generation) return;
        found = result;
        shown = 0;
        list.textContent = "";
        if (result.wanted.length === 0) { more.hidden = true; say(""); return; }
        return showMore(number, false).then(function () {
          if (number === generation) say(result.pages.length ? countText(result.pages.length) : (words.none || "No results."));
        });
      }).catch(function () {
        if (number === generation) say(words.failed || "The search index could not be loaded.");
      });
    }

    function remember(query) {
      var url = new URL(window.location.href);
      if (query) url.searchParams.set("q", query); else url.searchParams.delete("q");
      window.history.replaceState(null, "", url.pathname + url.search + url.hash);
    }

    input.addEventListener("input", function () {
      remember(input.value);
      run(input.value);
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      remember(input.value);
      run(input.value);
    });
    more.addEventListener("click", function () { showMore(generation, true); });

    var query = new URLSearchParams(window.location.search).get("q") || "";
    if (query) {
      input.value = query;
      run(query);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})(this);
