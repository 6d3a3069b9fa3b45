import { useState } from 'react';
import { toast } from 'react-toastify';
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
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error(Messages.nameRequired);
      return;
    }
    setSaving(true);
    try {
      const response = await editProfile(user.userid, trimmed);
      if (response.message === Messages.profileUpdated && response.user) {
        toast.success(response.message);
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
        </dl>
      </div>
    </section>
  );
}
