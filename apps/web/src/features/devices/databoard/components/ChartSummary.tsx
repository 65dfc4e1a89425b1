import { useTranslation } from 'react-i18next';
import type { ChartTable } from '../model/chart-options';

/** A chart's figures as a visually hidden table, for screen readers and end-to-end tests. */
export function ChartSummary({ title, table }: { title: string; table: ChartTable }) {
  const { t } = useTranslation();
  return (
    <table className="visually-hidden">
      <caption>{t('databoard.common.summary', { title })}</caption>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={table.columns[i]} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={table.columns[i]}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
