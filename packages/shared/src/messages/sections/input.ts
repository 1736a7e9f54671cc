/** zh-CN words for input every endpoint judges the same way: control characters, ids, whole numbers. */
export const inputZh = {
  controlCharacter: '输入内容含有不允许的控制字符（{character}），位置：{field}',
  characterReference: '输入内容含有不允许的字符引用（{reference}，即 {character}），位置：{field}',
  xmlCharacter: '输入内容含有 XML 不允许的字符（{character}），位置：{field}',
  lineBreak: '{field}不能包含换行符、制表符或控制字符',
  textLine: '内容不能包含换行符、制表符或控制字符',
  badId: '编号应为正整数',
  badInteger: '应为 {min}–{max} 之间的整数',
  tooLong: '最多{max}个字符',
  tooLongOf: '{message}（最多{max}个字符）',
  fileName: '上传的文件名或表单字段含有不允许的控制字符',
} as const
