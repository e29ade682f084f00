/** The form pieces' words (zh-CN). */
export const formMessages = {
  required: '此项必填',
  tooShort: '内容太短',
  tooLong: '内容太长',
  tooSmall: '数值太小',
  tooBig: '数值太大',
  invalid: '格式不正确',
  choose: '请选择有效的选项',
  failed: '操作失败，请稍后重试',
  langDefault: '简体中文',
  langHk: '繁體中文',
  preview: '预览',
  previewEmpty: '尚无内容',
  yuan: '元',
  hkConverted: '未填写繁体内容：会员看到的是简体内容自动转换的繁体。',
} as const;
