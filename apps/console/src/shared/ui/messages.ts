/** The shared pieces' words. */
export const uiMessages = {
  confirm: '确定',
  cancel: '取消',
  done: '操作成功',
  failed: '操作失败，请稍后重试',
  reason: '原因',
  reasonPlaceholder: '请输入原因',
  sessions: {
    device: '设备',
    ip: 'IP',
    createdAt: '登录时间',
    lastSeenAt: '最近活动',
    current: '当前会话',
    end: '结束',
  },
} as const;
