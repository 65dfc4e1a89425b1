import { LoginOutlined } from '@ant-design/icons';
import { Button, Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { preRoute } from '../../../app/guards/pre-route';
import { useSession } from '../../../stores/session-store';
import { FeedbackForm } from './components/FeedbackForm';
import { MyFeedbackList } from './components/MyFeedbackList';
import { openedFeedbackId } from './model/feedback-view';
import './feedback.css';

type FeedbackTab = 'new' | 'mine';

/**
 * /feedback (public, SPEC §2): the form for everyone (visitors answer the picture captcha); a
 * signed-in person also finds their feedback here with its state and replies. `?tab=mine` shows that
 * list, `?id=` (a message's link) opens one of it.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const openId = openedFeedbackId(params);
  const tab: FeedbackTab = signedIn && (openId || params.get('tab') === 'mine') ? 'mine' : 'new';

  const show = (next: FeedbackTab, id?: string | null) => {
    if (next === 'new') setParams({}, { replace: false });
    else setParams(id ? { id } : { tab: 'mine' }, { replace: id === undefined });
  };

  return (
    <div className="feedback-page">
      <Card variant="borderless" className="feedback-page__card">
        <Typography.Title level={3} className="feedback-page__title">
          {t('supportFeedback.page.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="feedback-page__intro">
          {t('supportFeedback.page.intro')}
        </Typography.Paragraph>
        {signedIn ? (
          <Tabs
            activeKey={tab}
            onChange={(key) => show(key as FeedbackTab)}
            items={[
              {
                key: 'new',
                label: t('supportFeedback.page.tabNew'),
                children: <FeedbackForm signedIn onSent={(feedback) => show('mine', feedback.id)} />,
              },
              {
                key: 'mine',
                label: t('supportFeedback.page.tabMine'),
                children: (
                  <MyFeedbackList openId={openId} onOpen={(id) => show('mine', id)} onNew={() => show('new')} />
                ),
              },
            ]}
          />
        ) : (
          <>
            <FeedbackForm signedIn={false} />
            <div className="feedback-page__sign-in">
              <span>{t('supportFeedback.page.signInHint')}</span>
              <Button
                type="link"
                size="small"
                icon={<LoginOutlined />}
                onClick={() => {
                  // back here after signing in, to follow what was sent
                  preRoute.save('/feedback?tab=mine');
                  void navigate('/login');
                }}
              >
                {t('supportFeedback.page.signIn')}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
