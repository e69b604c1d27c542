// sitegen's directives, made interactive. Without this script every tab of a
// @TabNavigator is shown, one after another under its label, and a @YouTube or @Vimeo is a
// link to the video's page: nothing is lost, and no other site is asked for anything.
//
// Tabs follow the WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/):
// a tablist of buttons, the selected one in the tab order (roving tabindex), Left/Right
// arrows move and select, Home/End go to the first and last tab.
// A video placeholder becomes the player only when the reader clicks it.
(function () {
  "use strict";

  function setUpTabs(group) {
    var panels = Array.prototype.filter.call(group.children, function (child) {
      return child.classList.contains("tab-panel");
    });
    if (panels.length === 0) return;
    var list = document.createElement("div");
    list.setAttribute("role", "tablist");
    list.className = "tab-list";
    var tabs = panels.map(function (panel, index) {
      var label = panel.querySelector(":scope > .tab-label");
      var tab = document.createElement("button");
      tab.type = "button";
      tab.id = panel.id + "-tab";
      tab.className = "tab";
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", panel.id);
      tab.textContent = label ? label.textContent : String(index + 1);
      if (label) label.hidden = true;
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tab.id);
      panel.tabIndex = 0;
      list.appendChild(tab);
      return tab;
    });

    function select(index, focus) {
      tabs.forEach(function (tab, other) {
        var selected = other === index;
        tab.setAttribute("aria-selected", selected ? "true" : "false");
        tab.tabIndex = selected ? 0 : -1;
        panels[other].hidden = !selected;
      });
      if (focus) tabs[index].focus();
    }

    tabs.forEach(function (tab, index) {
      tab.addEventListener("click", function () { select(index, false); });
      tab.addEventListener("keydown", function (event) {
        var next = null;
        if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
        else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
        else if (event.key === "Home") next = 0;
        else if (event.key === "End") next = tabs.length - 1;
        if (next === null) return;
        event.preventDefault();
        select(next, true);
      });
    });
    group.insertBefore(list, group.firstChild);
    group.classList.add("tabs-ready");
    select(0, false);
  }

  function setUpVideo(figure) {
    var link = figure.querySelector("a.video-embed-link");
    var source = figure.getAttribute("data-embed");
    if (!link || !source) return;
    link.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      var frame = document.createElement("iframe");
      frame.src = source;
      frame.title = figure.getAttribute("data-embed-title") || "Video";
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      frame.allowFullscreen = true;
      frame.className = "video-embed-frame";
      figure.replaceChild(frame, link);
      frame.focus();
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-tabs]"), setUpTabs);
    Array.prototype.forEach.call(document.querySelectorAll("figure.video-embed[data-embed]"), setUpVideo);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
