import { useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useShell } from '@/lib/client/settings-context';
import type { ReportRecord, ReportSourceProps, RowErrors } from '../api';
import { ColumnMapping, type Mapping, type Preview } from './ColumnMapping';
import { RefusedRows } from './RefusedRows';
import { SalesFileField } from './SalesFileField';
import { uploadWithProgress } from './stream-upload';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'validating' }
  | { kind: 'importing'; fraction: number; rows: number; total: number };

/** Upload a CSV/XLSX → map its columns → preview → import; refused rows come back with row and field. */
export function ImportFile({ licensee, period, onDone }: ReportSourceProps) {
  const { t } = useTranslation('sales');
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [file, setFile] = useState<{ name: string; blob: File } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [rowErrors, setRowErrors] = useState<{ errors: RowErrors; refused?: number } | null>(null);
  const [failure, setFailure] = useState('');
  const [inputKey, setInputKey] = useState(0);
  // Each file read is a new mapping form, started from what the server suggests for it.
  const [previews, setPreviews] = useState(0);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setRowErrors(null);
    setFailure('');
    setInputKey((k) => k + 1);
  };

  const problem = (data: unknown) => {
    const errors = (data as { errors?: Record<string, unknown> } | undefined)?.errors;
    return errors ? Object.values(errors).map(String).join(' ') : t('failed');
  };

  const choose = async (chosen: File | undefined) => {
    setRowErrors(null);
    setFailure('');
    setPreview(null);
    if (!chosen) return;
    setFile({ name: chosen.name, blob: chosen });
    setPhase({ kind: 'uploading', fraction: 0 });
    // The file itself is the body, streamed from disk; the server keeps only its first rows.
    const query = new URLSearchParams({ licensee, file_name: chosen.name });
    const answer = await uploadWithProgress<Preview>(
      `/sales/preview/stream?${query.toString()}`,
      chosen,
      token,
      lang,
      ({ sent }) => setPhase(sent < 1 ? { kind: 'uploading', fraction: sent } : { kind: 'validating' }),
    );
    setPhase({ kind: 'idle' });
    if (answer?.status !== 0) {
      setFailure(problem(answer?.data));
      return;
    }
    setPreview(answer.data);
    setPreviews((n) => n + 1);
  };

  const runImport = async (mapping: Mapping) => {
    if (!file || !preview) return;
    setRowErrors(null);
    setFailure('');
    const total = preview.rowCount;
    setPhase({ kind: 'importing', fraction: 0, rows: 0, total });
    // The file itself is the body, streamed: the parameters and the mapping go in the query string.
    const query = new URLSearchParams({ licensee, ...period, file_name: file.name });
    for (const [field, column] of Object.entries(mapping)) if (column) query.set(`mapping[${field}]`, column);
    const answer = await uploadWithProgress<ReportRecord & { errors?: RowErrors; refused?: number }>(
      `/sales/import/stream?${query.toString()}`,
      file.blob,
      token,
      lang,
      ({ sent, rows }) => setPhase({ kind: 'importing', fraction: rows && total ? rows / total : sent, rows, total }),
    );
    setPhase({ kind: 'idle' });
    if (answer?.status === 0) {
      reset();
      onDone(answer.data);
      return;
    }
    if (answer?.status === 15 && answer.data.errors) {
      setRowErrors({ errors: answer.data.errors, refused: answer.data.refused });
      return;
    }
    setFailure(problem(answer?.data));
  };

  const busy = phase.kind !== 'idle';
  return (
    <div data-testid="sales-import">
      <SalesFileField key={inputKey} disabled={busy} onFile={(chosen) => void choose(chosen)} />
      {phase.kind === 'uploading' && (
        <ProgressBar className="mb-3" data-testid="sales-upload-progress">
          <ProgressBar
            isChild
            now={Math.round(phase.fraction * 100)}
            aria-label={t('file.progressLabel')}
            label={t('file.uploading', { percent: Math.round(phase.fraction * 100) })}
          />
        </ProgressBar>
      )}
      {phase.kind === 'importing' && (
        <ProgressBar className="mb-3" data-testid="sales-import-progress">
          <ProgressBar
            isChild
            now={Math.round(Math.min(phase.fraction, 1) * 100)}
            aria-label={t('file.progressLabel')}
            label={
              phase.rows
                ? t('file.importing', {
                    rows: phase.rows.toLocaleString(lang === 'jp' ? 'ja-JP' : 'en-US'),
                    total: phase.total.toLocaleString(lang === 'jp' ? 'ja-JP' : 'en-US'),
                  })
                : t('file.uploading', { percent: Math.round(phase.fraction * 100) })
            }
          />
        </ProgressBar>
      )}
      {phase.kind === 'validating' && (
        <ProgressBar className="mb-3" data-testid="sales-validating">
          <ProgressBar isChild animated striped now={100} aria-label={t('file.progressLabel')} label={t('file.validating')} />
        </ProgressBar>
      )}
      {preview && <ColumnMapping key={previews} preview={preview} busy={busy} onImport={runImport} onAnother={reset} />}
      {rowErrors && <RefusedRows errors={rowErrors.errors} refused={rowErrors.refused} />}
      {failure && (
        <Alert variant="danger" data-testid="sales-import-failed">
          {failure}
        </Alert>
      )}
    </div>
  );
}
