// SPDX-License-Identifier: GPL-3.0-or-later
//
// The student page of a class session: join, answer each question once,
// see whether it was right.  Everything a message carries is shown with
// textContent, never parsed as HTML.  The protocol: docs/class-session.md.
'use strict';

(function () {
  const S = JSON.parse(document.getElementById('strings').textContent);
  const $ = (id) => document.getElementById(id);

  const NIBBLES = ['nibble_passages', 'nibble_border', 'nibble_solution', 'nibble_backtrack'];
  const DIRECTIONS = ['north', 'east', 'south', 'west'];
  const MARK_CURRENT = 1, MARK_FRONTIER = 2, MARK_START = 4, MARK_GOAL = 8;
  const CLOSE_GOING_AWAY = 1001, CLOSE_REPLACED = 4001, CLOSE_FULL = 4002;
  const CLOSE_REMOVED = 4003, CLOSE_LOCKED = 4004, CLOSE_ADDRESS_FULL = 4005;
  // A name shown in a sentence, isolated so that a right-to-left name
  // cannot reorder the words around it.
  const isolate = (text) => '\u2068' + text + '\u2069';

  // A message with its {fields} filled in.
  function t(id, fields) {
    return S[id].replace(/\{(\w+)\}/g, (m, key) =>
      fields && Object.prototype.hasOwnProperty.call(fields, key) ? String(fields[key]) : m);
  }
  const hex = (w) => '0x' + w.toString(16).toUpperCase().padStart(4, '0');
  const bin = (w) => w.toString(2).padStart(16, '0').replace(/(\d{4})(?=\d)/g, '$1 ');
  const cellText = (c) => '(' + c.x + ', ' + c.y + ')';

  let socket = null;
  let name = '';
  let code = '';
  let token = null;
  let joined = false;
  let finished = false;
  let retries = 0;
  let question = null;
  let answer = 0;       // the word on the bit buttons
  let chosen = null;    // the cell tapped
  let locked = false;   // answered or revealed: no more changes
  const bitButtons = [];
  let cellButtons = [];

  function say(text) {
    $('status').textContent = text;
  }

  function show(id, visible) {
    $(id).hidden = !visible;
  }

  // ---- Joining ----------------------------------------------------------

  function tokenKey() {
    return 'bitmaze-class-token-' + code;
  }

  function enableJoin(enabled) {
    $('join-button').disabled = !enabled;
  }

  async function join(event) {
    event.preventDefault();
    name = $('name').value.trim();
    code = $('code').value.trim();
    if (name === '') {
      say(t('need_name'));
      $('name').focus();
      return;
    }
    if (!/^[0-9]{6}$/.test(code)) {
      say(t('need_code'));
      $('code').focus();
      return;
    }
    enableJoin(false);
    say(t('joining'));
    try {
      token = sessionStorage.getItem(tokenKey());
    } catch (e) {
      token = null;
    }
    let status = 0;
    try {
      const response = await fetch('/join?' + query(), { cache: 'no-store' });
      status = response.status;
    } catch (e) {
      status = 0;
    }
    if (status !== 204) {
      enableJoin(true);
      if (status === 403)
        say(t('bad_code'));
      else if (status === 429)
        say(t('too_many_codes'));
      else if (status === 503)
        say(t('full'));
      else if (status === 423)
        say(t('locked'));
      else if (status === 409)
        say(t('address_full'));
      else
        say(t('no_server'));
      return;
    }
    connect();
  }

  // The code, and the token of a student coming back (who is let in
  // whatever the class's limits say).
  function query() {
    let q = 'code=' + encodeURIComponent(code);
    if (token)
      q += '&token=' + encodeURIComponent(token);
    return q;
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    socket = new WebSocket(scheme + location.host + '/ws?' + query());
    socket.addEventListener('open', () => {
      // the page's language, for the explanations the session sends
      const message = { type: 'join', name: name, lang: document.documentElement.lang };
      if (token)
        message.token = token;
      socket.send(JSON.stringify(message));
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      receive(message);
    });
    socket.addEventListener('close', closed);
  }

  function stop(text) {
    finished = true;
    socket = null;
    show('word-question', false);
    show('cell-question', false);
    show('send', false);
    say(text);
  }

  function closed(event) {
    if (finished)
      return;
    if (event.code === CLOSE_GOING_AWAY) {
      stop(t('ended'));
    } else if (event.code === CLOSE_REPLACED) {
      stop(t('replaced'));
    } else if (event.code === CLOSE_FULL) {
      stop(t('full'));
    } else if (event.code === CLOSE_REMOVED) {
      stop(t('removed'));
    } else if (event.code === CLOSE_LOCKED) {
      stop(t('locked'));
    } else if (event.code === CLOSE_ADDRESS_FULL) {
      stop(t('address_full'));
    } else if (event.code >= 1002 && event.code !== 1006) {
      stop(t('closed'));
    } else if (retries < 8) {
      // The network went away (a phone asleep, a Wi-Fi hiccup), or the
      // whole class knocked at once: come back with the token, to the
      // same name and answers.
      say(t(joined ? 'lost' : 'joining'));
      const delay = Math.min(1000 * 2 ** retries, 10000);
      retries++;
      setTimeout(connect, delay);
    } else {
      socket = null;
      enableJoin(true);
      show('join', !joined);
      say(t('no_server'));
    }
  }

  // FALSE while the connection is down (the page is reconnecting).
  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      say(t('lost'));
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  // ---- Messages ---------------------------------------------------------

  function receive(m) {
    switch (m.type) {
    case 'welcome':
      joined = true;
      retries = 0;
      token = m.token;
      try {
        sessionStorage.setItem(tokenKey(), token);
      } catch (e) {
        // Private browsing: no coming back after a reload, nothing else.
      }
      show('join', false);
      show('session', true);
      $('who').textContent = t('joined_as', { name: isolate(m.name) });
      if (!question)
        say(t('waiting'));
      break;
    case 'question':
      ask(m);
      break;
    case 'answered':
      if (question && m.question === question.question)
        answered(m);
      break;
    case 'result':
      if (question && m.question === question.question)
        reveal(m);
      break;
    case 'idle':
      question = null;
      show('word-question', false);
      show('cell-question', false);
      show('send', false);
      clearResult();
      say(t('skipped'));
      break;
    }
  }

  function clearResult() {
    for (const id of ['result', 'differ', 'explanation', 'note', 'score', 'reveal-words'])
      show(id, false);
    $('result').className = 'result';
  }

  function ask(m) {
    question = m;
    locked = false;
    clearResult();
    say('');
    $('send').disabled = false;
    show('send', true);
    if (m.kind === 'word') {
      show('cell-question', false);
      askWord(m);
      show('word-question', true);
      $('word-heading').focus();
    } else {
      show('word-question', false);
      askCell(m);
      show('cell-question', true);
      $('cell-heading').focus();
    }
  }

  function answered(m) {
    locked = true;
    $('send').disabled = true;
    lockInputs();
    const text = question.kind === 'word' ? hex(m.word) : cellText(m.cell);
    say(t('sent', { answer: text }));
  }

  function lockInputs() {
    for (const b of bitButtons)
      b.disabled = true;
    for (const b of cellButtons)
      b.disabled = true;
    $('hex').readOnly = true;
  }

  function reveal(m) {
    locked = true;
    lockInputs();
    show('send', false);
    say('');
    const result = $('result');
    result.className = 'result ' + (m.right ? 'right' : 'wrong');
    if (question.kind === 'word')
      revealWord(m, result);
    else
      revealCell(m, result);
    show('result', true);
    if (m.score) {
      $('score').textContent = t('score', { right: m.score.right, asked: m.score.asked });
      show('score', true);
    }
    result.scrollIntoView({ block: 'nearest' });
  }

  // ---- Word questions ---------------------------------------------------

  function makeBits() {
    const box = $('bits');
    for (let nibble = 3; nibble >= 0; nibble--) {
      const row = document.createElement('div');
      row.className = 'nibble';
      const label = document.createElement('span');
      label.className = 'nibble-name';
      label.textContent = S[NIBBLES[nibble]];
      label.setAttribute('aria-hidden', 'true');
      row.appendChild(label);
      for (let k = 3; k >= 0; k--) {
        const bit = nibble * 4 + k;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'bit';
        button.dataset.bit = String(bit);
        button.setAttribute('aria-label', t('bit_name', {
          bit: bit, nibble: S[NIBBLES[nibble]], direction: S[DIRECTIONS[k]],
        }));
        const number = document.createElement('span');
        number.className = 'bit-number';
        number.textContent = String(bit);
        number.setAttribute('aria-hidden', 'true');
        const value = document.createElement('span');
        value.className = 'bit-value';
        value.setAttribute('aria-hidden', 'true');
        button.append(number, value);
        button.addEventListener('click', () => {
          if (locked)
            return;
          setAnswer(answer ^ (1 << bit), true);
        });
        bitButtons[bit] = button;
        row.appendChild(button);
      }
      box.appendChild(row);
    }
  }

  // Shows @word on the bit buttons (and in the hex field if @toField).
  function setAnswer(word, toField) {
    answer = word;
    for (let bit = 0; bit < 16; bit++) {
      const on = ((word >> bit) & 1) === 1;
      const button = bitButtons[bit];
      button.setAttribute('aria-pressed', on ? 'true' : 'false');
      button.querySelector('.bit-value').textContent = on ? '1' : '0';
      button.classList.remove('differs');
    }
    if (toField) {
      $('hex').value = hex(word);
      $('hex').removeAttribute('aria-invalid');
    }
  }

  function parseHex(text) {
    const m = /^\s*(0[xX])?([0-9a-fA-F]{1,4})\s*$/.exec(text);
    return m ? parseInt(m[2], 16) : null;
  }

  function askWord(m) {
    if (bitButtons.length === 0)
      makeBits();
    $('cell-title').textContent = t('cell_title', { x: m.x, y: m.y, index: m.index });
    $('statement').textContent = m.statement;
    $('now-hex').textContent = hex(m.word);
    $('now-bin').textContent = bin(m.word);
    for (const b of bitButtons)
      b.disabled = false;
    $('hex').readOnly = false;
    setAnswer(m.word, true);
  }

  // The binary of @word with the bits of @differ marked.
  function markedBinary(element, word, differ) {
    element.textContent = '';
    for (let bit = 15; bit >= 0; bit--) {
      const digit = ((word >> bit) & 1) ? '1' : '0';
      if ((differ >> bit) & 1) {
        const mark = document.createElement('mark');
        mark.textContent = digit;
        element.appendChild(mark);
      } else {
        element.appendChild(document.createTextNode(digit));
      }
      if (bit % 4 === 0 && bit > 0)
        element.appendChild(document.createTextNode(' '));
    }
  }

  function revealWord(m, result) {
    const word = hex(m.correct);
    if (m.answer === null) {
      result.textContent = t('missed_word', { word: word });
    } else if (m.right) {
      result.textContent = t('right_word', { word: word });
    } else {
      result.textContent = t('wrong_word', { word: word, answer: hex(m.answer) });
      const bits = [];
      for (let bit = 15; bit >= 0; bit--) {
        if ((m.differ >> bit) & 1) {
          bits.push(bit);
          bitButtons[bit].classList.add('differs');
        }
      }
      $('differ').textContent = t('differ', { bits: bits.join(', ') });
      show('differ', true);
    }
    // why, from the session's explainer, already in this page's language
    if (typeof m.explanation === 'string' && m.explanation !== '') {
      const box = $('explanation');
      box.textContent = '';
      m.explanation.split('\n').forEach((line, k) => {
        const p = document.createElement('span');
        p.className = k === 0 && m.mistake ? 'why' : 'meaning';
        p.textContent = line;
        box.appendChild(p);
      });
      if (m.mistake)
        box.dataset.mistake = m.mistake;
      else
        delete box.dataset.mistake;
      show('explanation', true);
    }
    if (m.answer !== null) {
      $('yours-hex').textContent = hex(m.answer);
      markedBinary($('yours-bin'), m.answer, m.differ);
      $('correct-hex').textContent = word;
      markedBinary($('correct-bin'), m.correct, m.differ);
      show('reveal-words', true);
    }
  }

  // ---- Cell questions ---------------------------------------------------

  function askCell(m) {
    const r = m.region;
    const grid = $('grid');
    grid.textContent = '';
    grid.style.gridTemplateColumns = 'repeat(' + r.width + ', 1fr)';
    cellButtons = [];
    chosen = null;
    $('cell-statement').textContent = m.statement || '';
    show('cell-statement', !!m.statement);
    for (let j = 0; j < r.height; j++) {
      for (let i = 0; i < r.width; i++) {
        const word = r.words[j * r.width + i];
        const marks = r.marks[j * r.width + i];
        const cell = { x: r.x + i, y: r.y + j };
        const button = document.createElement('button');
        const classes = ['cell'];
        const said = [];
        // A passage bit set is a wall knocked down: draw the others.
        if (!(word & 1)) classes.push('wall-n');
        if (!(word & 2)) classes.push('wall-e');
        if (!(word & 4)) classes.push('wall-s');
        if (!(word & 8)) classes.push('wall-w');
        if (marks & MARK_CURRENT) { classes.push('current'); said.push(S.mark_current); }
        if (marks & MARK_FRONTIER) { classes.push('frontier'); said.push(S.mark_frontier); }
        // Reached cells still waiting in the frontier are not visited yet.
        if ((word >> 12) & 15 && !(marks & (MARK_FRONTIER | MARK_CURRENT))) {
          classes.push('visited');
          said.push(S.mark_visited);
        }
        if (marks & MARK_START) { classes.push('start'); said.push(S.mark_start); }
        if (marks & MARK_GOAL) { classes.push('goal'); said.push(S.mark_goal); }
        button.type = 'button';
        button.className = classes.join(' ');
        button.dataset.x = String(cell.x);
        button.dataset.y = String(cell.y);
        button.dataset.said = said.join(', ');
        button.setAttribute('aria-pressed', 'false');
        labelCell(button, cell, []);
        button.addEventListener('click', () => {
          if (locked)
            return;
          chosen = cell;
          for (const b of cellButtons)
            b.setAttribute('aria-pressed', b === button ? 'true' : 'false');
        });
        cellButtons.push(button);
        grid.appendChild(button);
      }
    }
  }

  function labelCell(button, cell, extra) {
    const parts = [t('cell_name', cell)];
    if (button.dataset.said)
      parts.push(button.dataset.said);
    button.setAttribute('aria-label', parts.concat(extra).join(', '));
  }

  function findCell(c) {
    return cellButtons.find((b) => Number(b.dataset.x) === c.x && Number(b.dataset.y) === c.y);
  }

  function revealCell(m, result) {
    // The answer, and cells as right as it (A*'s equal estimates).
    for (const c of [m.correct].concat(m.also || [])) {
      const right = findCell(c);
      if (right) {
        right.classList.add('answer');
        labelCell(right, c, [S.mark_answer]);
      }
    }
    if (m.answer === null) {
      result.textContent = t('missed_cell', { cell: cellText(m.correct) });
    } else if (m.right) {
      result.textContent = t('right_cell', { cell: cellText(m.answer) });
    } else {
      result.textContent = t('wrong_cell', { cell: cellText(m.correct), answer: cellText(m.answer) });
      const mine = findCell(m.answer);
      if (mine) {
        mine.classList.add('differs');
        labelCell(mine, m.answer, [S.mark_chosen]);
      }
    }
    if (m.note) {
      $('note').textContent = m.note;
      show('note', true);
    }
  }

  // ---- Sending ----------------------------------------------------------

  function sendAnswer() {
    if (!question || locked)
      return;
    if (question.kind === 'word') {
      const word = parseHex($('hex').value);
      if (word === null) {
        $('hex').setAttribute('aria-invalid', 'true');
        say(t('bad_hex'));
        $('hex').focus();
        return;
      }
      setAnswer(word, false);
      if (send({ type: 'answer', question: question.question, word: word }))
        $('send').disabled = true;
    } else {
      if (!chosen) {
        say(t('need_cell'));
        return;
      }
      if (send({ type: 'answer', question: question.question, x: chosen.x, y: chosen.y }))
        $('send').disabled = true;
    }
  }

  $('join').addEventListener('submit', join);
  $('send').addEventListener('click', sendAnswer);
  $('hex').addEventListener('input', () => {
    if (locked)
      return;
    const word = parseHex($('hex').value);
    if (word === null) {
      $('hex').setAttribute('aria-invalid', 'true');
    } else {
      $('hex').removeAttribute('aria-invalid');
      setAnswer(word, false);
    }
  });
  $('hex').addEventListener('keydown', (event) => {
    if (event.key === 'Enter')
      sendAnswer();
  });
})();
