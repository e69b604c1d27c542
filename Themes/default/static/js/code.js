// sitegen default theme: a copy button on each code block (figure.code), added here so
// that a page without script shows no button that does nothing. The button copies the
// code as a reader would type it: line numbers are CSS and never part of the text; in a
// console session only the commands are copied, not the prompts (.gp) or the output (.go).
(function () {
  "use strict";
  var status;
  // The words, in the site's language, from the script element (strings copy_code, code_copied,
  // code_copy_failed); English when a theme's template does not give them.
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var copyLabel = words.copy || "Copy";
  var copiedLabel = words.copied || "Copied";
  var failedLabel = words.failed || "Copy failed";

  function announce(text) {
    if (!status) {
      status = document.createElement("span");
      status.className = "visually-hidden";
      status.setAttribute("role", "status");
      document.body.appendChild(status);
    }
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function codeText(code) {
    var copy = code.cloneNode(true);
    // The types' popovers and the answers of `// ^?` queries are not code.
    var notes = copy.querySelectorAll(".type-pop, .type-query");
    for (var n = 0; n < notes.length; n++) notes[n].remove();
    var skipped = copy.querySelectorAll(".gp, .go");
    if (skipped.length === 0) return copy.textContent.replace(/\n$/, "");
    for (var i = 0; i < skipped.length; i++) skipped[i].remove();
    return copy.textContent.split("\n")
      .map(function (line) { return line.replace(/^\s+/, ""); })
      .filter(function (line) { return line.length > 0; })
      .join("\n");
  }

  function writeText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      area.remove();
      if (done) { resolve(); } else { reject(new Error("copy refused")); }
    });
  }

  function addButton(figure) {
    var code = figure.querySelector("pre > code");
    if (!code) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = copyLabel;
    button.addEventListener("click", function () {
      writeText(codeText(code)).then(function () {
        button.textContent = copiedLabel;
        announce(copiedLabel);
      }, function () {
        button.textContent = failedLabel;
        announce(failedLabel);
      });
      window.setTimeout(function () { button.textContent = copyLabel; }, 2000);
    });
    var bar = figure.querySelector(":scope > figcaption");
    if (!bar) {
      bar = document.createElement("div");
      bar.className = "code-tools";
      figure.insertBefore(bar, figure.firstChild);
    }
    bar.appendChild(button);
  }

  // Types on focus: in a block with types (figure.code-types), Enter on the code (a tab stop)
  // goes to its first identifier (not tab stops), the arrow keys to the others, each showing
  // its popover; Escape goes back to the code. One popover shows at a time: the focused
  // identifier's after a key, the pointed one's after the pointer moves. The popover is placed over the page, not clipped by the
  // code's scrolling.
  function placePopover(ref) {
    var pop = ref.querySelector(".type-pop");
    if (!pop) return;
    var box = ref.getBoundingClientRect();
    pop.style.position = "fixed";
    pop.style.left = Math.max(4, Math.min(box.left, window.innerWidth - pop.offsetWidth - 4)) + "px";
    pop.style.top = (box.bottom + 2) + "px";
  }

  function addTypeKeys(figure) {
    var pre = figure.querySelector("pre");
    if (!pre) return;
    pre.setAttribute("aria-keyshortcuts", "Enter");
    var refs = pre.querySelectorAll(".type-ref");
    // On the code itself the arrow keys still scroll it; Enter goes into it.
    pre.addEventListener("keydown", function (event) {
      var index = Array.prototype.indexOf.call(refs, document.activeElement);
      var next = -1;
      if (index < 0) {
        if (event.key === "Enter" && document.activeElement === pre) next = 0;
      } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
        next = Math.min(index + 1, refs.length - 1);
      } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        next = Math.max(index - 1, 0);
      } else if (event.key === "Escape") {
        pre.focus();
        event.preventDefault();
        return;
      }
      if (next >= 0 && refs.length > 0) {
        pre.classList.add("type-keys");
        refs[next].focus();
        event.preventDefault();
      }
    });
    // The pointer moving again makes its popover the one shown (see .type-keys in the CSS).
    pre.addEventListener("mousemove", function () { pre.classList.remove("type-keys"); });
    pre.addEventListener("focusin", function (event) {
      if (event.target.classList && event.target.classList.contains("type-ref")) placePopover(event.target);
    });
    pre.addEventListener("mouseover", function (event) {
      var ref = event.target.closest && event.target.closest(".type-ref");
      if (ref) placePopover(ref);
    });
  }

  function start() {
    var figures = document.querySelectorAll("figure.code:not(.code-nocopy)");
    for (var i = 0; i < figures.length; i++) addButton(figures[i]);
    var typed = document.querySelectorAll("figure.code-types");
    for (var j = 0; j < typed.length; j++) addTypeKeys(typed[j]);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
