//# allFunctionsCalledOnLoad
/* The generic replay renderer, for a game without a renderer of its own: the view after each step
   as nested tables (scalars as rows, lists of records as tables with a row each), and each event
   in words from its fields.  A new game's replays are readable on the match page from its first
   match; its own replay/<game>.js replaces this one when it is written. */
(() => {
  "use strict";

  const { humanize, element } = window.ReplayTable;
  const SKIPPED = new Set(["events", "event_count", "game"]);

  function text(value) {
    if (value === null || value === undefined) return "—";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (typeof value !== "object") return String(value);
    return JSON.stringify(value);
  }

  function isRecordList(value) {
    return Array.isArray(value) && value.length > 0
      && value.every((item) => item && typeof item === "object" && !Array.isArray(item));
  }

  function table(records, context, seatRows) {
    const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
    const head = element("tr", {}, ...(seatRows ? [element("th", {}, "seat")] : []),
      ...columns.map((column) => element("th", {}, humanize(column))));
    const rows = records.map((record, index) => element("tr", {},
      ...(seatRows ? [element("th", {}, context.seatName(index))] : []),
      ...columns.map((column) => element("td", {}, text(record[column])))));
    return element("table", { class: "replay-generic" }, element("thead", {}, head), element("tbody", {}, ...rows));
  }

  function section(name, value, context) {
    if (isRecordList(value)) {
      return element("section", {}, element("h3", {}, humanize(name)),
        table(value, context, name === "players" || name === "seats"));
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const rows = Object.entries(value).map(([key, item]) =>
        element("tr", {}, element("th", {}, humanize(key)), element("td", {}, text(item))));
      return element("section", {}, element("h3", {}, humanize(name)),
        element("table", { class: "replay-generic" }, element("tbody", {}, ...rows)));
    }
    return null;
  }

  function render(board, view, context) {
    const scalars = Object.entries(view).filter(([key, value]) =>
      !SKIPPED.has(key) && (value === null || typeof value !== "object" || (Array.isArray(value) && !isRecordList(value))));
    const summary = element("table", { class: "replay-generic" }, element("tbody", {},
      ...scalars.map(([key, value]) => element("tr", {}, element("th", {}, humanize(key)), element("td", {}, text(value))))));
    const parts = Object.entries(view).filter(([key]) => !SKIPPED.has(key))
      .map(([key, value]) => section(key, value, context)).filter(Boolean);
    board.replaceChildren(summary, ...parts);
  }

  function describeEvent(event, context) {
    const kind = event.type || event.event || "event";
    const who = typeof event.seat === "number" ? context.seatName(event.seat) : event.seat;
    const details = Object.entries(event).filter(([key]) => !["type", "event", "seat"].includes(key))
      .map(([key, value]) => `${humanize(key).toLowerCase()} ${text(value)}`);
    return [who, humanize(kind).toLowerCase(), ...details].filter(Boolean).join(" · ");
  }

  window.ReplayRenderers.register("*", { render, describeEvent });
})();
