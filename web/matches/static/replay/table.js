//# allFunctionsCalledOnLoad
/* The table kit: the registry of the games' renderers and what they draw with.

   A renderer draws one view of its game into a container element, and knows nothing of the page
   around it: the replay viewer (replay/player.js) and a person's seat page call it alike.

     ReplayRenderers.register("<game>", {
       render(container, view, context),   // draws the table of the view into the container
       describeEvent(event, context),      // one event, as a sentence
       describeAction(frame, context),     // optional: a decision, in words
       labelAction(entry, view, context),  // optional: a legal action ({name, block, label}) in words,
     });                                   // for a person's buttons (else the block and label humanized)
     ReplayRenderers.get("<game>")         // the game's renderer, else the generic one ("*")
     ReplayTable.context({...})            // the context a renderer reads, with its defaults:
       { view, perspective: "all" | seat, step, frame: {seat, action, events} | null,
         seatName(seat), actionLabels(block), components, board }
   where ``frame`` is the decision that led to the view (its seat and its card are highlighted;
   its ``action`` is "SECRET" for a choice this perspective did not see), ``actionLabels(block)``
   the labels of a block of the game's action table (from its spec), ``components`` what is
   printed on the game's components (arena's ``Game.components``) and ``board`` the game's fixed
   board (its spec's ``replay_board``: Samouraï's map; null for a game without one).

   A person's seat page uses it as the viewer does: it loads replay/table.js and replay/<game>.js
   (and replay.css), and on each observation of its seat calls
     ReplayRenderers.get(game).render(board, observation, ReplayTable.context({
       view: observation, perspective: seat, frame: lastDecision, seatNames, actionLabels, components, board }));
   The pictures are SVG whose parts carry data attributes (data-seat on a seat, data-card on a
   card, data-participant on a Risques participant), so that the page can hang its legal actions
   on them; a part that stands for one action exactly carries data-action-name (Shōgun), and the
   seat page puts its legal actions in ``context.legal`` for a renderer that draws them.  Colours and sizes are replay.css's classes: the site's content policy allows no
   inline style (SVG presentation attributes such as x, y or fill are fine).

   This file, replay/player.js and the renderers open with V8's compile hint
   (``//# allFunctionsCalledOnLoad``): a page calls most of their functions as it opens, so they are
   compiled in the background while the file arrives rather than on the main thread at their first
   call (step 0's first picture took about 40 % less time; a comment to other browsers). */
(() => {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const renderers = new Map();

  window.ReplayRenderers = {
    register(game, renderer) { renderers.set(game, renderer); },
    get(game) { return renderers.get(game) || renderers.get("*") || null; },
    has(game) { return renderers.has(game); },
  };

  function append(node, children) {
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child);
    }
    return node;
  }

  /* An HTML element with attributes ("class" sets the class name) and children (nodes or text). */
  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined) continue;
      if (name === "class") node.className = value; else node.setAttribute(name, value);
    }
    return append(node, children);
  }

  /* An SVG element: attributes as given (presentation attributes, class, data-*), children. */
  function svg(tag, attributes = {}, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined || value === false) continue;
      node.setAttribute(name, String(value));
    }
    return append(node, children);
  }

  function humanize(name) {
    const words = String(name).toLowerCase().replaceAll("_", " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  /* Words split into lines of at most ``width`` characters (a longer word stays whole). */
  function wrap(text, width) {
    const lines = [];
    for (const word of String(text).split(/\s+/).filter(Boolean)) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
      else lines.push(word);
    }
    return lines;
  }

  /* Lines of text from (x, y), one under the other. */
  function lines(x, y, texts, { className = "", step = 11, anchor = "start", fit = null } = {}) {
    return svg("text", { x, y, class: className, "text-anchor": anchor },
      ...texts.map((text, i) => svg("tspan", { x, dy: i === 0 ? 0 : step,
        // a line longer than ``fit.chars`` is squeezed into ``fit.width``
        ...(fit && text.length > fit.chars ? { textLength: fit.width, lengthAdjust: "spacingAndGlyphs" } : {}) },
      text)));
  }

  /* A card at (x, y), w × h: its title lines, a kind line, corner numbers, or its back.
     { title, kind, numbers: [{value, className, label}], faceDown, count, classes, data, tooltip } */
  function card(x, y, w, h, options) {
    const { title = "", kind = "", numbers = [], faceDown = false, count = 1, classes = "", data = {},
      tooltip = "" } = options;
    const attributes = { class: `card ${faceDown ? "card-back" : "card-face"} ${classes}`.trim(),
      transform: `translate(${x} ${y})` };
    for (const [name, value] of Object.entries(data)) attributes[`data-${name}`] = value;
    const group = svg("g", attributes);
    if (tooltip) group.append(svg("title", {}, tooltip));
    group.append(svg("rect", { class: "card-edge", width: w, height: h, rx: 5 }));
    if (faceDown) {
      group.append(svg("rect", { class: "card-back-inner", x: 4, y: 4, width: w - 8, height: h - 8, rx: 3 }));
      group.append(svg("path", { class: "card-back-mark",
        d: `M${w / 2} ${h / 2 - 10} L${w / 2 + 8} ${h / 2} L${w / 2} ${h / 2 + 10} L${w / 2 - 8} ${h / 2} Z` }));
    } else {
      const width = Math.max(6, Math.floor((w - 6) / 5.2));
      group.append(lines(w / 2, 14, wrap(title, width).slice(0, 3),
        { className: "card-title", anchor: "middle", fit: { chars: width, width: w - 6 } }));
      if (kind) group.append(svg("text", { x: w / 2, y: h - 24, class: "card-kind", "text-anchor": "middle" }, kind));
      numbers.forEach((number, i) => {
        const cx = i === 0 ? 10 : w - 10;
        group.append(svg("g", { class: `card-number ${number.className || ""}`.trim() },
          svg("title", {}, number.label || ""),
          svg("circle", { cx, cy: h - 10, r: 7.5 }),
          svg("text", { x: cx, y: h - 6.5, "text-anchor": "middle" }, String(number.value))));
      });
    }
    if (count > 1) {
      group.append(svg("g", { class: "card-count" }, svg("title", {}, `${count} of them`),
        svg("rect", { x: w / 2 - 10, y: h - 17, width: 20, height: 14, rx: 7 }),
        svg("text", { x: w / 2, y: h - 6.5, "text-anchor": "middle" }, `×${count}`)));
    }
    return group;
  }

  /* ``count`` round tokens from (x, y), ``perRow`` a row; ``of`` draws the missing ones hollow. */
  function tokens(x, y, count, { of = count, perRow = 6, r = 6, gap = 3, className = "token", title = "" } = {}) {
    const group = svg("g", { class: `tokens ${className}`, "data-count": count });
    if (title) group.append(svg("title", {}, title));
    for (let i = 0; i < Math.max(count, of); i += 1) {
      const cx = x + r + (i % perRow) * (2 * r + gap);
      const cy = y + r + Math.floor(i / perRow) * (2 * r + gap);
      group.append(svg("circle", { cx, cy, r, class: i < count ? "token-full" : "token-empty" }));
    }
    return group;
  }

  /* A small square die at (x, y); ``face`` draws its pips, otherwise it shows one mark. */
  function die(x, y, size, { className = "", face = null } = {}) {
    const group = svg("g", { class: `die ${className}`.trim(), transform: `translate(${x} ${y})` });
    group.append(svg("rect", { width: size, height: size, rx: size / 5 }));
    const pips = { 1: [[.5, .5]], 2: [[.25, .25], [.75, .75]], 3: [[.25, .25], [.5, .5], [.75, .75]],
      4: [[.25, .25], [.75, .25], [.25, .75], [.75, .75]],
      5: [[.25, .25], [.75, .25], [.5, .5], [.25, .75], [.75, .75]],
      6: [[.25, .2], [.75, .2], [.25, .5], [.75, .5], [.25, .8], [.75, .8]] }[face] || [[.5, .5]];
    for (const [px, py] of pips) group.append(svg("circle", { class: "die-pip", cx: px * size, cy: py * size, r: size / 10 }));
    return group;
  }

  const BADGE_CHAR = 6.2;   // the width of a character of a badge (10px) and of a name (14px bold)
  const NAME_CHAR = 8;

  /* A panel's heading: its name from (x, y) and its marks, [text, className] each, as pills ending
     at ``right``; a name that would run into the marks is cut short (whole in its tooltip). */
  function heading(x, y, right, name, marks) {
    const group = svg("g", { class: "heading" });
    let end = right;
    const pills = [...marks].reverse().map(([text, className]) => {
      const width = 10 + text.length * BADGE_CHAR;
      end -= width;
      const pill = svg("g", { class: `badge ${className}` },
        svg("rect", { x: end, y: y - 11, width, height: 15, rx: 7 }),
        svg("text", { x: end + width / 2, y, "text-anchor": "middle" }, text));
      end -= 5;
      return pill;
    });
    const room = Math.max(4, Math.floor((end - x - 4) / NAME_CHAR));
    const shown = name.length > room ? `${name.slice(0, room - 1)}…` : name;
    group.append(svg("text", { x, y, class: "seat-name" }, svg("title", {}, name), shown), ...pills);
    return group;
  }

  /* The picture: an SVG scaled to its container's width, with a title for readers. */
  function picture(width, height, label, className) {
    return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: `table-picture ${className}`,
      role: "group", "aria-label": label, preserveAspectRatio: "xMidYMin meet" }, svg("title", {}, label));
  }

  /* The context a renderer reads, from what a page knows (see the top of this file). */
  function context({ view = null, perspective = "all", step = null, frame = null, frames = null,
    seatNames = [], seatName = null, actionLabels = {}, components = {}, board = null } = {}) {
    const nameOf = seatName || ((seat) => {
      if (seat === null || seat === undefined) return "nobody";
      const name = seatNames[seat];
      return name ? `seat ${seat} (${name})` : `seat ${seat}`;
    });
    return { view, perspective, step, frame, frames, seatName: nameOf, components: components || {}, board,
      actionLabels: (block) => actionLabels[block] || [] };
  }

  window.ReplayTable = { element, svg, humanize, wrap, lines, card, tokens, die, heading, picture, context };
})();
