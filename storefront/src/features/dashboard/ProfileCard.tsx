import type { GstStateCode } from '@zstore/contract/gst-states';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { GST_STATES, gstStateName } from '@zstore/contract/gst-states';
import { Messages } from '@zstore/contract/messages';
import { ApiError } from '@/api/client';
import type { User } from '@/api/types';
import { editProfile } from '@/api/user';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';

const UPDATE_FAILED = 'Failed to update profile';
const UPDATE_ERROR = 'An error occurred while updating the profile';

export function ProfileCard({ user }: { user: User }) {
  const { replaceUser } = useSession();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [state, setState] = useState(user.state ?? '');
  const [gstin, setGstin] = useState(user.gstin ?? '');
  const reseller = user.role === 'reseller';
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error(Messages.nameRequired);
      return;
    }
    setSaving(true);
    try {
      const response = await editProfile(user.userid, trimmed, {
        ...(state ? { state: state as GstStateCode } : {}),
        ...(reseller ? { gstin: gstin.trim() || null } : {}),
      });
      if (response.user) {
        toast.success(response.message ?? Messages.profileUpdated);
        replaceUser(response.user);
        window.location.reload();
        return;
      }
      toast.error(response.message ?? UPDATE_FAILED);
    } catch (failure) {
      toast.error(
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : UPDATE_ERROR,
      );
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
              aria-label="Name"
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
              <Icon name="save" size={16} /> {saving ? 'Saving...' : 'Save'}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setEditing(true)}
            >
              <Icon name="edit" size={16} /> Edit
            </button>
          )}
        </div>
        <dl className="profile-facts">
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{user.mobilenumber || 'N/A'}</dd>
          </div>
          <div>
            <dt>
              <label htmlFor="profile-state">State</label>
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
                    Choose your state (for GST invoices)
                  </option>
                  {GST_STATES.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              ) : (
                (gstStateName(user.state) ?? 'Not set')
              )}
            </dd>
          </div>
          {reseller && (
            <div>
              <dt>
                <label htmlFor="profile-gstin">GSTIN</label>
              </dt>
              <dd>
                {editing ? (
                  <input
                    id="profile-gstin"
                    className="input"
                    value={gstin}
                    onChange={(event) => setGstin(event.target.value.toUpperCase())}
                    maxLength={15}
                    placeholder="15-character GSTIN (optional)"
                  />
                ) : (
                  user.gstin || 'Not set'
                )}
              </dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}
