import type { ConstantImportResult, FillImportResult } from '@eduqa/contract';
import type { ExcelImportTexts } from '../../../shared/excel/excel-import-modal.tsx';

/** 数据采集's two import dialogs: a refused file imports no 数据 at all, whichever it is. */
const NOUN = '数据';
const TEMPLATE_TEXT = '下载模板';

/** 常量管理 › 导入. */
export const CONSTANT_IMPORT_TEXTS: ExcelImportTexts<ConstantImportResult> = {
  title: '导入常量',
  noun: NOUN,
  success: (answer) => `已导入${answer.count}个常量`,
  template: { text: TEMPLATE_TEXT, fileName: '常量导入模板.xlsx' },
  hint: '点击或拖入 Excel 文件（列：常量类型编码、名称、值）',
};

/** 填报 › 从 Excel 导入: the rows of a fixed form, added after the rows already filled. */
export const fillImportTexts = (formName: string): ExcelImportTexts<FillImportResult> => ({
  title: `从 Excel 导入：${formName}`,
  noun: NOUN,
  success: (answer) => `已导入${answer.count}行`,
  template: { text: TEMPLATE_TEXT, fileName: `${formName}导入模板.xlsx` },
  hint: '点击或拖入按模板填写的 Excel 文件；导入的行加在已填的行之后',
});
