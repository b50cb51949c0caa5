// Question exchange endpoints (docs/questions.md « Échange avec Moodle »): the import of a Moodle XML or GIFT file
// (its report first, then the confirmed import) and the export of selected questions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPORT_REPORT_HEADER, exportReportSchema, type ExchangeFormat, type ExportReportItem, type ImportReport } from '@exam/shared';
import { downloadNamed, upload } from '@/lib/api-client';
import { questionKeys } from './questions';

export interface ImportRequest {
  file: File;
  confirm: boolean;
  onProgress?: (sent: number) => void;
}

/** The dialog shows the report and every refusal itself: no toast. A confirmed import refreshes the list. */
export function useImportQuestions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, confirm, onProgress }: ImportRequest) =>
      upload<ImportReport>('/admin/questions/import', file, { query: { confirm: confirm ? 1 : 0 }, onUploadProgress: onProgress, silent: true }),
    onSuccess: (_r, v) => (v.confirm ? qc.invalidateQueries({ queryKey: questionKeys.all }) : undefined),
  });
}

/** Saves the selected questions as a Moodle XML or GIFT file (the server names it); what the export left out, changed
 *  or wrote as variants, question by question. */
export async function exportQuestions(format: ExchangeFormat, ids: number[]): Promise<ExportReportItem[]> {
  const { headers } = await downloadNamed('/admin/questions/export', undefined, { query: { format, ids: ids.join(',') } });
  try {
    return exportReportSchema.parse(JSON.parse(decodeURIComponent(headers.get(EXPORT_REPORT_HEADER) ?? '[]')));
  } catch {
    return [];
  }
}
