import { FileImageOutlined } from '@ant-design/icons';
import type { ObjectInfo } from '@kerf/contract';
import { Button, Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { attachmentPictureUrl, attachmentUrl } from '../../../api/object-api';
import { formatSize } from '../../drive/model/format';

/**
 * An object's machining drawings: each pictured as the laser core reads it (shown to every shopper, a
 * click enlarges it), and for those who took or bought the object, a download and a way into the editor.
 */
export function ObjectPapers({ object }: { object: ObjectInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <h4>{t('store.gallery.drawings')}</h4>
      <Image.PreviewGroup>
        <ul className="object-detail__papers">
          {object.papers.map((paper) => (
            <li key={paper.id}>
              <Image
                src={attachmentPictureUrl(paper.id)}
                alt={t('store.gallery.drawingPicture', { name: paper.name })}
                className="object-detail__paper-picture"
                placeholder={<FileImageOutlined className="object-detail__paper-placeholder" />}
              />
              <div className="object-detail__paper-text">
                <div>
                  <Tag bordered={false}>{paper.format.toUpperCase()}</Tag>
                  {object.entitled ? (
                    <a href={attachmentUrl(paper.id, false)} download={paper.name}>
                      {paper.name}
                    </a>
                  ) : (
                    <span>{paper.name}</span>
                  )}
                </div>
                <div className="object-detail__paper-actions">
                  <span className="object-detail__size">{formatSize(paper.size)}</span>
                  {object.entitled ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        void navigate(`/design?${new URLSearchParams({ objectFile: paper.id, name: paper.name })}`)
                      }
                    >
                      {t('store.pay.openInEditor')}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </Image.PreviewGroup>
    </>
  );
}
