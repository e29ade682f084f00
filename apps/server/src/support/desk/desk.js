// The agents' desk (issue 25): plain script, no build step. Talks to the operator API (/api/admin/v1/support/...)
// with the operator's bearer token and listens on /ws (`desk`). Member text is only ever set as textContent.
(() => {
  const API = '/api/admin/v1/support';
  const TOKEN_KEY = 'jinb-desk-token';
  const ME_KEY = 'jinb-desk-me';
  const DEVICE_KEY = 'jinb-desk-device';
  const STATUS_TEXT = { waiting: '排队中', open: '接待中', closed: '已结束' };
  const MONEY_STATUS = {
    pending: '待支付',
    confirmed: '已到账',
    rejected: '已拒绝',
    expired: '已过期',
    unhandled: '待审核',
    accepted: '处理中',
    paid: '已出款',
    refused: '已拒绝',
    cancelled: '已取消',
  };

  const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
  const el = (tag, props = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === 'testid') node.dataset.testid = value;
      else if (key === 'text') node.textContent = value;
      else if (key === 'className') node.className = value;
      else if (key.startsWith('data-')) node.setAttribute(key, value);
      else node[key] = value;
    }
    for (const child of children) if (child) node.append(child);
    return node;
  };

  const state = {
    token: sessionStorage.getItem(TOKEN_KEY) || '',
    me: JSON.parse(sessionStorage.getItem(ME_KEY) || 'null'),
    queue: { waiting: [], mine: [] },
    current: null, // { conversation, messages: Map<seq, message>, member }
    agents: [],
    canned: [],
    socket: null,
    socketReady: false,
    retry: 0,
    typingUntil: 0,
    lastTypingSent: 0,
  };

  function deviceId() {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = `desk-${crypto.getRandomValues(new Uint32Array(2)).join('')}`;
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  }

  const clientId = () =>
    `d${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

  // --- HTTP -----------------------------------------------------------------------------------------------------

  async function call(method, path, body) {
    const headers = { lang: 'zh-CN', d: '25', device_no: deviceId() };
    if (state.token) headers.authorization = `Bearer ${state.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({ status: false, data: '网络错误，请重试' }));
    if (response.status === 401 && path !== '/api/admin/v1/login') {
      signOut();
      throw new Error('登录已过期，请重新登录');
    }
    if (!answer.status) throw new Error(typeof answer.data === 'string' ? answer.data : '操作失败');
    return answer.data;
  }

  function showError(testid, error) {
    $(testid).textContent = error ? String(error.message || error) : '';
  }

  // --- sign-in --------------------------------------------------------------------------------------------------

  async function refreshCaptcha() {
    const image = $('desk-login-captcha-img');
    try {
      const response = await fetch('/api/findmed/v1/member/captcha', { headers: { device_no: deviceId() } });
      const blob = await response.blob();
      if (image.src) URL.revokeObjectURL(image.src);
      image.src = URL.createObjectURL(blob);
    } catch {
      showError('desk-login-error', '验证码加载失败，点击图片重试');
    }
  }

  async function signIn(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const button = $('desk-login-submit');
    button.disabled = true;
    showError('desk-login-error', '');
    try {
      const session = await call('POST', '/api/admin/v1/login', {
        account: String(data.get('account') || '').trim(),
        password: String(data.get('password') || ''),
        code: String(data.get('code') || '').trim(),
      });
      if (!['support', 'admin'].includes(session.operator.role)) throw new Error('该账号没有客服权限');
      state.token = session.token;
      state.me = session.operator;
      sessionStorage.setItem(TOKEN_KEY, state.token);
      sessionStorage.setItem(ME_KEY, JSON.stringify(state.me));
      form.reset();
      start();
    } catch (error) {
      showError('desk-login-error', error);
      $('desk-login-captcha').value = '';
      refreshCaptcha();
    } finally {
      button.disabled = false;
    }
  }

  function signOut() {
    if (state.token)
      fetch('/api/admin/v1/logout', { method: 'POST', headers: { authorization: `Bearer ${state.token}` } }).catch(
        () => {},
      );
    state.token = '';
    state.me = null;
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(ME_KEY);
    if (state.socket) state.socket.close();
    state.socket = null;
    $('desk-main').hidden = true;
    $('desk-login').hidden = false;
    refreshCaptcha();
  }

  // --- the queue ------------------------------------------------------------------------------------------------

  function who(row) {
    return row.account ? row.account : `游客 #${row.party.split(':')[1]}`;
  }

  function renderList(testid, itemTestid, rows) {
    const list = $(testid);
    list.replaceChildren(
      ...rows.map((row) => {
        const unread = row.unread > 0 ? String(row.unread) : '';
        const item = el(
          'li',
          {
            testid: itemTestid,
            className: `row${state.current && state.current.conversation.id === row.id ? ' active' : ''}`,
            'data-conversation-id': row.id,
            'data-status': row.status,
            tabIndex: 0,
          },
          [
            el('span', { className: 'who', testid: 'desk-item-title', text: who(row) }),
            el('span', { className: 'badge', testid: 'desk-unread', text: unread }),
            el('span', { className: 'last', testid: 'desk-item-last', text: row.lastText }),
          ],
        );
        item.addEventListener('click', () => open(row.id));
        item.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') open(row.id);
        });
        return item;
      }),
    );
  }

  let queueTimer = 0;
  function reloadQueueSoon() {
    clearTimeout(queueTimer);
    queueTimer = setTimeout(reloadQueue, 150);
  }

  async function reloadQueue() {
    try {
      state.queue = await call('GET', `${API}/conversations`);
      renderList('desk-queue', 'desk-queue-item', state.queue.waiting);
      renderList('desk-mine', 'desk-mine-item', state.queue.mine);
      $('desk-queue-count').textContent = state.queue.waiting.length ? String(state.queue.waiting.length) : '';
    } catch (error) {
      showError('desk-chat-error', error);
    }
  }

  // --- one conversation -----------------------------------------------------------------------------------------

  async function open(id) {
    showError('desk-chat-error', '');
    try {
      const detail = await call('GET', `${API}/conversations/${id}?limit=200`);
      state.current = { conversation: detail.conversation, messages: new Map(), member: detail.member };
      for (const message of detail.messages) state.current.messages.set(message.seq, message);
      renderChat();
      renderContext();
      markSeen();
      renderList('desk-queue', 'desk-queue-item', state.queue.waiting);
      renderList('desk-mine', 'desk-mine-item', state.queue.mine);
    } catch (error) {
      showError('desk-chat-error', error);
    }
  }

  function lastSeq() {
    let last = 0;
    if (state.current) for (const seq of state.current.messages.keys()) last = Math.max(last, seq);
    return last;
  }

  /** Messages after the last one we hold (a gap in the publications, a reconnect). */
  async function catchUp() {
    if (!state.current) return;
    const id = state.current.conversation.id;
    try {
      const detail = await call('GET', `${API}/conversations/${id}?limit=200`);
      if (!state.current || state.current.conversation.id !== id) return;
      state.current.conversation = detail.conversation;
      for (const message of detail.messages) state.current.messages.set(message.seq, message);
      renderChat();
    } catch (error) {
      showError('desk-chat-error', error);
    }
  }

  function time(iso) {
    const date = new Date(iso);
    return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  }

  function renderMessage(message, conversation) {
    const body =
      message.kind === 'image'
        ? el('img', { testid: 'desk-message-image', src: message.image, alt: '图片', className: 'picture' })
        : el('p', { testid: 'desk-message-text', className: 'text', text: message.text });
    const meta = el('span', {
      className: 'meta',
      text: `${message.from === 'agent' ? message.agentName || '客服' : message.from === 'bot' ? '自动回复' : message.from === 'member' ? '会员' : ''} ${time(message.createdAt)}`,
    });
    const children = [meta, body];
    if (message.article)
      children.push(el('span', { className: 'article', text: `来自帮助中心：${message.article.title}` }));
    if (message.from === 'agent') {
      const read = conversation.memberSeenSeq >= message.seq;
      children.push(
        el('span', {
          className: `read${read ? ' yes' : ''}`,
          testid: 'desk-message-read',
          'data-read': String(read),
          text: read ? '已读' : '未读',
        }),
      );
    }
    return el(
      'li',
      {
        testid: 'desk-message',
        className: `message from-${message.from}`,
        'data-seq': String(message.seq),
        'data-from': message.from,
      },
      children,
    );
  }

  function renderChat() {
    const chat = $('desk-chat');
    const current = state.current;
    const head = chat.querySelector('.chat-head');
    const composer = chat.querySelector('.composer');
    $('desk-chat-empty').hidden = Boolean(current);
    head.hidden = !current;
    composer.hidden = !current;
    if (!current) {
      chat.dataset.conversationId = '';
      chat.dataset.status = '';
      $('desk-messages').replaceChildren();
      return;
    }
    const { conversation } = current;
    chat.dataset.conversationId = conversation.id;
    chat.dataset.status = conversation.status;
    $('desk-chat-title').textContent = who(conversation);
    const mineNow = conversation.status === 'open' && conversation.operatorId === state.me.id;
    $('desk-chat-status').textContent =
      conversation.status === 'open' && !mineNow
        ? `由 ${conversation.agentName} 接待中`
        : STATUS_TEXT[conversation.status] || conversation.status;
    $('desk-take').hidden = conversation.status !== 'waiting';
    const closed = conversation.status === 'closed';
    for (const id of ['desk-transfer', 'desk-transfer-select', 'desk-close']) $(id).disabled = closed;
    $('desk-input').disabled = closed;
    $('desk-send').disabled = closed;
    $('desk-canned').disabled = closed;
    const list = $('desk-messages');
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const messages = [...current.messages.values()].sort((a, b) => a.seq - b.seq);
    list.replaceChildren(...messages.map((message) => renderMessage(message, conversation)));
    if (atBottom || list.dataset.for !== conversation.id) list.scrollTop = list.scrollHeight;
    list.dataset.for = conversation.id;
    $('desk-typing').hidden = Date.now() > state.typingUntil;
    $('desk-context-rating').textContent =
      conversation.rating === null
        ? '—'
        : `${'★'.repeat(conversation.rating)}${'☆'.repeat(5 - conversation.rating)}${conversation.comment ? `（${conversation.comment}）` : ''}`;
  }

  function moneyTable(testid, rows) {
    const table = $(testid);
    if (!rows.length) {
      table.replaceChildren(el('tr', {}, [el('td', { className: 'muted', text: '暂无记录' })]));
      return;
    }
    table.replaceChildren(
      ...rows.map((row) =>
        el('tr', { testid: 'desk-context-row' }, [
          el('td', { text: row.orderNo }),
          el('td', { className: 'amount', text: truncate(row.amount) }),
          el('td', { text: MONEY_STATUS[row.status] || row.status }),
        ]),
      ),
    );
  }

  /** Money as the site shows it: truncated to 2 decimals. */
  function truncate(text) {
    const match = /^(-?\d+)(?:\.(\d{0,2}))?/.exec(String(text));
    return match ? `${match[1]}.${(match[2] || '').padEnd(2, '0')}` : String(text);
  }

  function renderContext() {
    const current = state.current;
    const member = current ? current.member : null;
    $('desk-context-empty').hidden = Boolean(current);
    $('desk-context-guest').hidden = !current || Boolean(member);
    $('desk-context-member').hidden = !member;
    if (member) {
      $('desk-context-account').textContent = member.account;
      $('desk-context-nickname').textContent = member.nickname || '—';
      $('desk-context-vip').textContent = `VIP${member.vipLevel}`;
      $('desk-context-balance').textContent = truncate(member.balance);
      $('desk-context-registered').textContent = new Date(member.registeredAt).toLocaleString('zh-CN');
    }
    moneyTable('desk-context-deposits', member ? member.deposits : []);
    moneyTable('desk-context-withdrawals', member ? member.withdrawals : []);
  }

  function markSeen() {
    const current = state.current;
    if (current?.conversation.status !== 'open' || current.conversation.operatorId !== state.me.id) return;
    const last = lastSeq();
    if (last <= current.conversation.agentSeenSeq) return;
    call('POST', `${API}/conversations/${current.conversation.id}/seen`, { seq: last })
      .then((row) => {
        if (state.current && state.current.conversation.id === row.id) state.current.conversation = row;
        reloadQueueSoon();
      })
      .catch(() => {});
  }

  async function act(work) {
    showError('desk-chat-error', '');
    try {
      await work();
    } catch (error) {
      showError('desk-chat-error', error);
    }
  }

  async function take() {
    await act(async () => {
      const row = await call('POST', `${API}/conversations/${state.current.conversation.id}/take`);
      state.current.conversation = row;
      await catchUp();
      markSeen();
      reloadQueue();
    });
  }

  async function send() {
    const input = $('desk-input');
    const text = input.value.trim();
    if (!text || !state.current) return;
    const id = state.current.conversation.id;
    const button = $('desk-send');
    button.disabled = true;
    await act(async () => {
      const message = await call('POST', `${API}/conversations/${id}/messages`, { clientId: clientId(), text });
      input.value = '';
      if (state.current && state.current.conversation.id === id) {
        state.current.messages.set(message.seq, message);
        if (state.current.conversation.status === 'waiting') await catchUp();
        renderChat();
      }
      reloadQueueSoon();
    });
    button.disabled = false;
    input.focus();
  }

  async function transfer() {
    const target = $('desk-transfer-select').value;
    if (!target || !state.current) return;
    await act(async () => {
      state.current.conversation = await call(
        'POST',
        `${API}/conversations/${state.current.conversation.id}/transfer`,
        {
          operatorId: target,
        },
      );
      await catchUp();
      reloadQueue();
    });
  }

  async function close() {
    $('desk-close-confirm-box').hidden = true;
    await act(async () => {
      state.current.conversation = await call('POST', `${API}/conversations/${state.current.conversation.id}/close`);
      await catchUp();
      reloadQueue();
    });
  }

  async function loadAgents() {
    try {
      state.agents = await call('GET', `${API}/agents`);
    } catch {
      return;
    }
    const select = $('desk-transfer-select');
    select.replaceChildren(
      el('option', { value: '', text: '转接给…' }),
      ...state.agents
        .filter((agent) => agent.id !== state.me.id)
        .map((agent) =>
          el('option', {
            value: agent.id,
            'data-online': String(agent.online),
            text: `${agent.name}（${agent.account}）${agent.online ? '在线' : '离线'}`,
          }),
        ),
    );
  }

  async function loadCanned() {
    try {
      state.canned = await call('GET', `${API}/canned`);
    } catch {
      return;
    }
    $('desk-canned').replaceChildren(
      el('option', { value: '', text: '快捷回复…' }),
      ...state.canned.map((reply) => el('option', { value: reply.id, text: reply.title, testid: 'desk-canned-item' })),
    );
    $('desk-canned-editor').value = state.canned.map((reply) => `${reply.title}|${reply.text}`).join('\n');
  }

  async function saveCanned() {
    const replies = $('desk-canned-editor')
      .value.split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const cut = line.indexOf('|');
        return cut > 0
          ? { title: line.slice(0, cut).trim(), text: line.slice(cut + 1).trim() }
          : { title: line.slice(0, 10), text: line };
      });
    try {
      await call('PUT', `${API}/canned`, { replies });
      $('desk-canned-saved').textContent = `已保存 ${replies.length} 条`;
      await loadCanned();
    } catch (error) {
      $('desk-canned-saved').textContent = String(error.message || error);
    }
  }

  // --- left messages ----------------------------------------------------------------------------------------------

  async function loadLeft() {
    const filter = $('desk-left-filter').value;
    let rows;
    try {
      rows = await call('GET', `${API}/left-messages${filter ? `?status=${filter}` : ''}`);
      const pending = filter === 'pending' ? rows : await call('GET', `${API}/left-messages?status=pending`);
      $('desk-left-count').textContent = pending.length ? String(pending.length) : '';
    } catch {
      return;
    }
    $('desk-left').replaceChildren(
      ...rows.map((row) => {
        const input = el('textarea', {
          testid: 'desk-left-reply-input',
          rows: 2,
          maxLength: 1000,
          placeholder: '回复内容，将发送到会员的站内信',
        });
        const button = el('button', { type: 'button', className: 'primary', testid: 'desk-left-reply', text: '回复' });
        const error = el('p', { className: 'error' });
        button.addEventListener('click', async () => {
          if (!input.value.trim()) return;
          button.disabled = true;
          try {
            await call('POST', `${API}/left-messages/${row.id}/reply`, { reply: input.value.trim() });
            await loadLeft();
          } catch (failure) {
            error.textContent = String(failure.message || failure);
            button.disabled = false;
          }
        });
        return el('li', { testid: 'desk-left-item', className: 'left-item', 'data-id': row.id }, [
          el('div', { className: 'left-meta' }, [
            el('strong', { testid: 'desk-left-account', text: row.account }),
            el('span', { text: ` ${new Date(row.createdAt).toLocaleString('zh-CN')}` }),
            row.contact ? el('span', { text: ` 联系方式：${row.contact}` }) : null,
          ]),
          el('p', { testid: 'desk-left-content', className: 'text', text: row.content }),
          row.reply
            ? el('p', { testid: 'desk-left-replied', className: 'replied', text: `已回复：${row.reply}` })
            : el('div', { className: 'left-reply' }, [input, button, error]),
        ]);
      }),
    );
  }

  // --- the socket -------------------------------------------------------------------------------------------------

  function setConnection(online) {
    const badge = $('desk-connection');
    badge.dataset.state = online ? 'online' : 'offline';
    badge.textContent = online ? '在线' : '连接中…';
  }

  function connect() {
    if (!state.token) return;
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    state.socket = socket;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ op: 'auth', t: state.token, as: 'operator' }));
      socket.send(JSON.stringify({ op: 'sub', topic: 'desk' }));
    });
    socket.addEventListener('message', (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.op === 'subscribed' || frame.op === 'reload') {
        if (frame.topic !== 'desk') return;
        state.retry = 0;
        state.socketReady = true;
        setConnection(true);
        // Whatever happened while away: the queue and the open conversation again.
        reloadQueue();
        catchUp();
        return;
      }
      if (frame.op === 'error' && frame.topic === 'desk') {
        setConnection(false);
        return;
      }
      if (frame.op === undefined && frame.topic === 'desk') onDesk(frame.data);
    });
    socket.addEventListener('close', (event) => {
      state.socketReady = false;
      setConnection(false);
      if (state.socket !== socket || !state.token) return;
      if (event.code === 4001) {
        signOut();
        return;
      }
      const wait = Math.min(10_000, 500 * 2 ** state.retry++);
      setTimeout(connect, wait);
    });
  }

  function onDesk(change) {
    const current = state.current;
    const here = (id) => current && current.conversation.id === id;
    switch (change.type) {
      case 'message': {
        reloadQueueSoon();
        if (!here(change.message.conversationId)) return;
        const last = lastSeq();
        if (change.message.seq > last + 1) {
          catchUp();
          return;
        }
        current.messages.set(change.message.seq, change.message);
        current.conversation.lastSeq = Math.max(current.conversation.lastSeq, change.message.seq);
        if (change.message.from === 'member') state.typingUntil = 0;
        renderChat();
        if (document.visibilityState === 'visible') markSeen();
        return;
      }
      case 'typing':
        if (change.from === 'member' && here(change.conversationId)) {
          state.typingUntil = Date.now() + 3_000;
          renderChat();
          setTimeout(renderChat, 3_100);
        }
        return;
      case 'seen':
        if (change.by === 'member' && here(change.conversationId)) {
          current.conversation.memberSeenSeq = Math.max(current.conversation.memberSeenSeq, change.seq);
          renderChat();
        }
        return;
      case 'status':
        if (here(change.conversation.id)) {
          Object.assign(current.conversation, change.conversation);
          renderChat();
        }
        reloadQueueSoon();
        return;
      case 'queue':
        reloadQueueSoon();
        if (here(change.conversationId)) catchUp();
        return;
    }
  }

  function typing() {
    const current = state.current;
    if (!current || !state.socketReady || current.conversation.status !== 'open') return;
    const now = Date.now();
    if (now - state.lastTypingSent < 2_000) return;
    state.lastTypingSent = now;
    state.socket.send(JSON.stringify({ op: 'typing', conversation: current.conversation.id }));
  }

  // --- wiring -----------------------------------------------------------------------------------------------------

  function showTab(name) {
    for (const tab of document.querySelectorAll('.tab')) tab.classList.toggle('active', tab.dataset.tab === name);
    for (const pane of document.querySelectorAll('[data-pane]')) pane.hidden = pane.dataset.pane !== name;
    if (name === 'left') loadLeft();
    if (name === 'canned') loadCanned();
  }

  function start() {
    $('desk-login').hidden = true;
    $('desk-main').hidden = false;
    $('desk-me').textContent = `${state.me.account}（客服${String(state.me.id).padStart(3, '0')}）`;
    setConnection(false);
    renderChat();
    renderContext();
    reloadQueue();
    loadAgents();
    loadCanned();
    loadLeft();
    connect();
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('desk-login-form').addEventListener('submit', signIn);
    $('desk-login-captcha-img').addEventListener('click', refreshCaptcha);
    $('desk-logout').addEventListener('click', signOut);
    for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => showTab(tab.dataset.tab));
    $('desk-take').addEventListener('click', take);
    $('desk-send').addEventListener('click', send);
    $('desk-input').addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        send();
      } else typing();
    });
    $('desk-canned').addEventListener('change', (event) => {
      const reply = state.canned.find((one) => one.id === event.target.value);
      if (reply) {
        const input = $('desk-input');
        input.value = input.value ? `${input.value}${reply.text}` : reply.text;
        input.focus();
      }
      event.target.value = '';
    });
    $('desk-transfer-select').addEventListener('focus', loadAgents);
    $('desk-transfer').addEventListener('click', transfer);
    $('desk-close').addEventListener('click', () => {
      $('desk-close-confirm-box').hidden = false;
    });
    $('desk-close-cancel').addEventListener('click', () => {
      $('desk-close-confirm-box').hidden = true;
    });
    $('desk-close-confirm').addEventListener('click', close);
    $('desk-left-filter').addEventListener('change', loadLeft);
    $('desk-canned-save').addEventListener('click', saveCanned);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') markSeen();
    });
    // The agents' list goes stale (someone signs in or out): read it again now and then.
    setInterval(() => {
      if (state.token) loadAgents();
    }, 30_000);
    if (state.token && state.me) start();
    else {
      $('desk-login').hidden = false;
      refreshCaptcha();
    }
  });
})();
