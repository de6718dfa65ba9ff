import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import type { ChecklistAnalysis } from '@jarog/contracts';
import { Alert, App, Button, Card, Statistic, Upload } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { type ApiError, errorMessage } from '../../../lib/api-error';
import { BarChart } from '../charts/BarChart';
import { useAnalyzeChecklistsMutation } from '../insight.api';
import { ChangeBadge } from '../shared/ChangeBadge';
import { MonthSelect, YearSelect } from '../shared/PeriodSelect';
import { analysisDefaultPeriod, periodLabel, previousPeriod, type YearMonth } from '../shared/period';
import { isXlsx, monthlyRows, NOT_XLSX, topBirderText } from './analysis';
import '../insight.css';
import { numberText } from '../shared/format';

const SKIPPED_SHOWN = 10;

function Results({ result }: { result: ChecklistAnalysis }) {
  const period = { year: result.year, month: result.month };
  return (
    <div className="analysis-results" data-testid="analysis-results">
      <div className="analysis-stats">
        <Card size="small">
          <Statistic title="Total checklists" value={result.totalChecklists} />
        </Card>
        <Card size="small">
          <Statistic
            title={`Checklists in ${periodLabel(period)}`}
            value={result.changeResult.currentMonthCount}
          />
        </Card>
        <Card size="small">
          <Statistic
            title={`Checklists in ${periodLabel(previousPeriod(period))}`}
            value={result.changeResult.previousMonthCount}
          />
        </Card>
        <Card size="small">
          <div className="analysis-change">
            <span className="analysis-change__title">Percentage change</span>
            <ChangeBadge change={result.changeResult} />
          </div>
        </Card>
      </div>
      <div className="dashboard__grid dashboard__grid--halves">
        <Card title="Top birders" size="small">
          {result.topBirders.length === 0 ? (
            <p className="insight-note">No birders in this file.</p>
          ) : (
            <ol className="analysis-top" data-testid="analysis-top-birders">
              {result.topBirders.map((b) => (
                <li key={b.name}>{topBirderText(b)}</li>
              ))}
            </ol>
          )}
        </Card>
        <Card title="Highest birds location" size="small">
          {result.highestBirdsLocation ? (
            <p className="analysis-location" data-testid="analysis-location">
              <strong>{result.highestBirdsLocation}</strong>{' '}
              <span className="insight-note">
                ({numberText(result.highestBirdsLocationTotal ?? 0)} birds)
              </span>
            </p>
          ) : (
            <p className="insight-note">No location with counted birds in this file.</p>
          )}
        </Card>
      </div>
      <Card title={`Checklists per month, ${result.year}`} size="small">
        <BarChart
          label={`Checklists per month, ${result.year}`}
          rows={monthlyRows(result.monthly)}
          orientation="vertical"
          valueName="Checklists"
          height={280}
        />
      </Card>
      {result.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${result.skipped.length} of ${result.rowsRead} rows could not be read and were left out`}
          description={
            <ul className="analysis-skipped">
              {result.skipped.slice(0, SKIPPED_SHOWN).map((s) => (
                <li key={s.row}>
                  Row {s.row}: {s.message}
                </li>
              ))}
              {result.skipped.length > SKIPPED_SHOWN && (
                <li>… and {result.skipped.length - SKIPPED_SHOWN} more</li>
              )}
            </ul>
          }
        />
      )}
    </div>
  );
}

/**
 * Spec section 2, Checklist Analysis: an .xlsx (Birder, ChecklistName, Location, Total, optional SelectedDate)
 * summarised for a year and month, which default to this year and next month (spec section 9). Nothing is
 * stored; changing the period analyses the same file again.
 */
export function ChecklistAnalysisPage() {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [period, setPeriod] = useState<YearMonth>(() => analysisDefaultPeriod());
  const [analyze, { isLoading }] = useAnalyzeChecklistsMutation();
  // The last answer stays on screen while the same file is analysed for another period.
  const [result, setResult] = useState<ChecklistAnalysis | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (f: File | null, p: YearMonth) => {
    if (!f) return;
    try {
      setResult(await analyze({ file: f, ...p }).unwrap());
      setFailure(null);
    } catch (err) {
      setResult(null);
      setFailure(errorMessage(err as ApiError, 'The file could not be analysed.'));
    }
  };
  const changePeriod = (p: YearMonth) => {
    setPeriod(p);
    if (result) void run(file, p);
  };

  return (
    <div className="page analysis-page">
      <PageHeader title="Checklist Analysis" backTo="/checklists" />
      <Card>
        <div className="analysis-upload">
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              if (!isXlsx(f.name)) {
                void message.error(NOT_XLSX);
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setResult(null);
              setFailure(null);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">{file ? <FileExcelOutlined /> : <InboxOutlined />}</p>
            <p className="ant-upload-text" data-testid="analysis-file">
              {file ? file.name : 'Click or drag an .xlsx file here'}
            </p>
            <p className="ant-upload-hint">
              Columns: Birder, ChecklistName, Location, Total and, optionally, SelectedDate
            </p>
          </Upload.Dragger>
          <div className="analysis-controls">
            <YearSelect value={period.year} onChange={(year) => changePeriod({ ...period, year })} />
            <MonthSelect
              value={period.month}
              onChange={(month) => changePeriod({ ...period, month: month ?? period.month })}
            />
            <Button
              type="primary"
              disabled={!file}
              loading={isLoading}
              onClick={() => void run(file, period)}
            >
              Analyze
            </Button>
          </div>
        </div>
        {failure && <Alert className="analysis-error" type="error" showIcon title={failure} />}
      </Card>
      {result && <Results result={result} />}
    </div>
  );
}
