import type { DictType } from '@kerf/contract';
import { useState } from 'react';
import { DictDataTable } from './components/DictDataTable';
import { DictTypeTable } from './components/DictTypeTable';
import './dict.css';

/**
 * /sysm/dict: the dictionaries on the left, the picked one's entries on the right (RuoYi's dictionary
 * screen, on one page). Buttons show by permission; the server checks every call again.
 */
export function DictPage() {
  const [picked, setPicked] = useState<DictType | null>(null);
  return (
    <div className="dict-page">
      <DictTypeTable picked={picked} onPick={setPicked} />
      <DictDataTable key={picked?.id ?? 'none'} type={picked} />
    </div>
  );
}
