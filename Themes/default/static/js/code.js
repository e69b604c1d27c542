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
    var skipped = copy.querySelectorAll(".gp, .go");
    if (skipped.length === 0) return code.textContent.replace(/\n$/, "");
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

  function start() {
    var figures = document.querySelectorAll("figure.code:not(.code-nocopy)");
    for (var i = 0; i < figures.length; i++) addButton(figures[i]);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
