/** The shared pieces' words. */
export const uiMessages = {
  confirm: '确定',
  cancel: '取消',
  done: '操作成功',
  failed: '操作失败，请稍后重试',
  reason: '原因',
  reasonPlaceholder: '请输入原因',
} as const;
