import type { GstStateCode } from '@zstore/contract/gst-states';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { GST_STATES, gstStateName } from '@zstore/contract/gst-states';
import type { User } from '@/api/types';
import { editProfile } from '@/api/user';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

export function ProfileCard({ user }: { user: User }) {
  const { replaceUser } = useSession();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [state, setState] = useState(user.state ?? '');
  const [gstin, setGstin] = useState(user.gstin ?? '');
  const reseller = user.role === 'reseller';
  const [saving, setSaving] = useState(false);
  const { t } = useTranslation();

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error(t('messages.nameRequired'));
      return;
    }
    setSaving(true);
    try {
      const response = await editProfile(user.userid, trimmed, {
        ...(state ? { state: state as GstStateCode } : {}),
        ...(reseller ? { gstin: gstin.trim() || null } : {}),
      });
      if (response.user) {
        toast.success(serverText(response.message, t('messages.profileUpdated')));
        replaceUser(response.user);
        window.location.reload();
        return;
      }
      toast.error(serverText(response.message, t('dashboard.updateFailed')));
    } catch (failure) {
      toast.error(failureText(failure, t('dashboard.updateError')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card profile-card">
      <span className="avatar avatar-lg">{user.name.charAt(0).toUpperCase()}</span>
      <div className="profile-details">
        <div className="profile-name">
          {editing ? (
            <input
              className="input"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-label={t('dashboard.name')}
              // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the field the customer just chose to edit
              autoFocus
              maxLength={60}
            />
          ) : (
            <h2>{user.name}</h2>
          )}
          {editing ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => void save()}
              disabled={saving}
            >
              <Icon name="save" size={16} /> {saving ? t('dashboard.saving') : t('dashboard.save')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setEditing(true)}
            >
              <Icon name="edit" size={16} /> {t('dashboard.edit')}
            </button>
          )}
        </div>
        <dl className="profile-facts">
          <div>
            <dt>{t('dashboard.email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('dashboard.mobile')}</dt>
            <dd>{user.mobilenumber || t('dashboard.na')}</dd>
          </div>
          <div>
            <dt>
              <label htmlFor="profile-state">{t('dashboard.state')}</label>
            </dt>
            <dd>
              {editing ? (
                <select
                  id="profile-state"
                  className="input"
                  value={state}
                  onChange={(event) => setState(event.target.value)}
                >
                  <option value="" disabled>
                    {t('dashboard.chooseState')}
                  </option>
                  {GST_STATES.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              ) : (
                (gstStateName(user.state) ?? t('dashboard.notSet'))
              )}
            </dd>
          </div>
          {reseller && (
            <div>
              <dt>
                <label htmlFor="profile-gstin">{t('dashboard.gstin')}</label>
              </dt>
              <dd>
                {editing ? (
                  <input
                    id="profile-gstin"
                    className="input"
                    value={gstin}
                    onChange={(event) => setGstin(event.target.value.toUpperCase())}
                    maxLength={15}
                    placeholder={t('dashboard.gstinPlaceholder')}
                  />
                ) : (
                  user.gstin || t('dashboard.notSet')
                )}
              </dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}
