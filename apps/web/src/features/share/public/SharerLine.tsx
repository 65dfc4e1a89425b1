import { Avatar } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShareInfo } from '../../../api/share-api';
import { formatTime } from '../../drive/model/format';

/** Who shared, when, until when and how much: all a visitor learns before the code (ShareInfo). */
export function SharerLine({ info, headingId }: { info: ShareInfo; headingId?: string }) {
  const { t } = useTranslation();
  const name = info.sharer.nickName || t('share.page.someone');
  return (
    <div className="share-sharer">
      <Avatar size={44} src={info.sharer.avatar || undefined} className="share-sharer__avatar">
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <div className="share-sharer__body">
        <h1 id={headingId} className="share-sharer__title">
          {t('share.page.sharedWithYou', { name })}
        </h1>
        <div className="share-sharer__meta">
          <span>{t('share.page.sharedAt', { time: formatTime(info.shareTime) })}</span>
          <span>{t('share.page.validUntil', { time: formatTime(info.endTime) })}</span>
          <span>{t('share.page.fileCount', { count: info.fileCount })}</span>
        </div>
      </div>
    </div>
  );
}
