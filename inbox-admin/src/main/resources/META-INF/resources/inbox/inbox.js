// The operators' page: polls the API beside it every two seconds and renders what it answers.
'use strict';

// Resolved from the origin and path, never from the address as typed: an address with
// credentials in it (https://user:password@host/...) must not end up in fetch(), which refuses it.
const API = new URL('api/inbox-subscriptions', location.origin + location.pathname.replace(/[^/]*$/, ''));
const REFRESH_MS = 2000;
const discardAges = {};

function el(tag, attributes, ...children) {
  const e = document.createElement(tag);
  Object.entries(attributes || {}).forEach(([k, v]) => {
    if (k === 'onclick') e.addEventListener('click', v); else e.setAttribute(k, v);
  });
  children.flat().forEach(c => e.append(c instanceof Node ? c : document.createTextNode(c ?? '')));
  return e;
}

async function call(path, body) {
  const url = new URL(path, API.href + '/');
  const response = await fetch(url, body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body)
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error((json && json.error) || (response.status + ' ' + response.statusText));
  }
  return json;
}

function lag(seconds) {
  if (seconds === undefined || seconds === null) return '—';
  if (seconds < 60) return seconds.toFixed(1) + ' s';
  if (seconds < 3600) return (seconds / 60).toFixed(1) + ' min';
  return (seconds / 3600).toFixed(1) + ' h';
}

function number(value) {
  return el('td', { class: 'number' }, value === undefined || value === null ? '—' : String(value));
}

function showProblem(message) {
  const p = document.getElementById('problem');
  p.textContent = message || '';
  p.hidden = !message;
}

async function act(what, path, body) {
  try {
    const answer = await call(path, body);
    showProblem(null);
    await refresh();
    return answer;
  } catch (e) {
    showProblem(what + ' failed: ' + e.message);
  }
}

function subscriptionRow(s) {
  const b = s.backlog || {};
  const paused = s.state === 'PAUSED';
  const toggle = el('button', {
    class: paused ? 'resume' : 'pause',
    onclick: () => act(paused ? 'Resume' : 'Pause', encodeURIComponent(s.name) + (paused ? '/resume' : '/pause'), {})
  }, paused ? 'Resume' : 'Pause');
  const state = el('td', {}, el('span', { class: 'state ' + s.state }, s.state));
  if (s.pausedBecause) state.append(el('div', { class: 'error paused-because' }, 'paused itself after ' + s.pausedBecause));
  if (s.lastError) state.append(el('div', { class: 'error', title: s.lastErrorAt || '' }, s.lastError));
  if (s.backlogError) state.append(el('div', { class: 'error' }, 'backlog: ' + s.backlogError));
  return el('tr', { 'data-subscription': s.name },
    el('td', { class: 'name' }, s.name), state, el('td', {}, s.form),
    number(s.workersBusy + ' / ' + s.workers), number(s.delivered), number(s.failed), number(s.retried),
    number(s.deadLettered), number(s.recentRate), number(b.claimable), el('td', { class: 'number' }, lag(b.lagSeconds)),
    number(b.deadLetters), el('td', {}, toggle));
}

function deadLetterSection(s, letters) {
  const name = encodeURIComponent(s.name);
  const age = el('input', { type: 'text', size: 8, value: discardAges[s.name] || 'P30D', 'aria-label': 'age' });
  age.addEventListener('input', () => { discardAges[s.name] = age.value; });
  const rows = letters.map(d => el('tr', { 'data-dead-letter': d.id },
    el('td', {}, d.id), number(d.attempts), el('td', { class: 'reason' }, d.reason ?? '—'),
    el('td', {}, d.deadAt ?? '—'), el('td', { class: 'payload' }, d.payload,
      d.truncated ? el('a', { href: new URL(name + '/dead-letters/' + encodeURIComponent(d.id), API.href + '/').href,
        target: '_blank' }, ' … (' + d.payloadBytes + ' bytes: whole)') : ''),
    el('td', {}, el('button', { class: 'requeue',
      onclick: () => act('Requeue', name + '/dead-letters/requeue', { ids: [d.id] }) }, 'Requeue'))));
  return el('section', { 'data-dead-letters-of': s.name },
    el('h2', {}, 'Dead letters of ' + s.name + ' (' + (s.backlog ? s.backlog.deadLetters : '?') + ')'),
    el('div', { class: 'controls' },
      el('button', { class: 'requeue-all', onclick: () => act('Requeue all', name + '/dead-letters/requeue-all', {}) },
        'Requeue all'),
      el('span', {}, 'older than'), age,
      el('button', { class: 'discard',
        onclick: () => confirm('Delete the dead letters of ' + s.name + ' older than ' + age.value + '?')
          && act('Discard', name + '/dead-letters/discard', { olderThan: age.value }) }, 'Discard')),
    el('table', {},
      el('thead', {}, el('tr', {}, ['Id', 'Attempts', 'Reason', 'Dead at', 'Payload', ''].map(h => el('th', {}, h)))),
      el('tbody', {}, rows.length ? rows : el('tr', {}, el('td', { colspan: 6 }, 'none')))));
}

// Find a row by id or key, and cancel it while pending: it becomes a dead letter ("cancelled"), to requeue later.
function foundRow(name, r) {
  const cancel = r.place === 'PENDING' ? el('button', { class: 'cancel',
    onclick: async () => {
      if (!confirm('Cancel row ' + r.id + ' of ' + name + '? It becomes a dead letter, to requeue or discard.')) return;
      const done = await act('Cancel', encodeURIComponent(name) + '/rows/' + encodeURIComponent(r.id) + '/cancel', {});
      if (done) document.getElementById('found').prepend(el('p', { class: 'cancelled' }, done.message));
      await find(false);
    } }, 'Cancel') : '';
  return el('tr', { 'data-row': r.id },
    el('td', {}, r.id), el('td', {}, r.key ?? '—'), el('td', {}, el('span', { class: 'place ' + r.place }, r.place)),
    number(r.attempts), el('td', {}, r.due ?? '—'), el('td', { class: 'reason' }, r.reason ?? '—'),
    el('td', {}, r.since ?? '—'), el('td', { class: 'payload' }, r.payload), el('td', {}, cancel));
}

async function find(clearMessages) {
  const name = document.getElementById('find-subscription').value;
  const by = document.getElementById('find-by').value;
  const value = document.getElementById('find-value').value.trim();
  const found = document.getElementById('found');
  if (!name || !value) return;
  const kept = clearMessages ? [] : [...found.querySelectorAll('p.cancelled')];
  let rows;
  try {
    const answer = await call(encodeURIComponent(name) + '/' + by + '/' + encodeURIComponent(value));
    rows = Array.isArray(answer) ? answer : [answer];
  } catch (e) {
    found.replaceChildren(...kept, el('p', { class: 'not-found' }, e.message));
    return;
  }
  found.replaceChildren(...kept, el('table', {},
    el('thead', {}, el('tr', {}, ['Id', 'Key', 'Where', 'Attempts', 'Due', 'Reason', 'Since', 'Payload', '']
      .map(h => el('th', {}, h)))),
    el('tbody', {}, rows.map(r => foundRow(name, r)))));
}

document.getElementById('find-form').addEventListener('submit', e => { e.preventDefault(); find(true); });

function subscriptionChoices(subscriptions) {
  const select = document.getElementById('find-subscription');
  const names = subscriptions.map(s => s.name);
  if (names.join('\n') === [...select.options].map(o => o.value).join('\n')) return;
  const chosen = select.value;
  select.replaceChildren(...names.map(n => el('option', { value: n }, n)));
  if (names.includes(chosen)) select.value = chosen;
}

let refreshing = false;
let readProblem = false;
async function refresh() {
  if (refreshing) return;
  refreshing = true;
  try {
    const subscriptions = await call('');
    const focused = document.activeElement;
    const keepAge = focused && focused.tagName === 'INPUT';
    document.querySelector('#subscriptions tbody').replaceChildren(...(subscriptions.length
      ? subscriptions.map(subscriptionRow)
      : [el('tr', {}, el('td', { colspan: 13 }, 'No active subscription in this server.'))]));
    subscriptionChoices(subscriptions);
    if (!keepAge) {
      const sections = [];
      for (const s of subscriptions.filter(s => s.backlog && s.backlog.deadLetters != null)) {
        sections.push(deadLetterSection(s, await call(encodeURIComponent(s.name) + '/dead-letters?max=100')));
      }
      document.getElementById('dead-letters').replaceChildren(...sections);
    }
    if (readProblem) showProblem(null);
    readProblem = false;
    document.getElementById('refreshed').textContent = 'updated ' + new Date().toLocaleTimeString();
    document.body.dataset.loaded = 'true';
  } catch (e) {
    readProblem = true;
    showProblem('The subscriptions could not be read: ' + e.message);
  } finally {
    refreshing = false;
  }
}

refresh();
setInterval(refresh, REFRESH_MS);
