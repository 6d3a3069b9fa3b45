import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

const messages: TranslationMessages = {
  ...englishMessages,
  app: {
    title: 'Z Store Admin',
    back_to_store: 'Back to store',
    login: {
      email: 'Email',
      password: 'Password',
    },
    flags: {
      true: 'Yes',
      false: 'No',
    },
    error: {
      generic: 'An error occurred. Please try again.',
    },
  },
  resources: {
    usersdata: {
      name: 'User Data |||| User Data',
      fields: {
        q: 'Search',
        id: 'Id',
        _id: 'Id',
        userid: 'User ID',
        name: 'Name',
        email: 'Email',
        mobilenumber: 'Mobile Number',
        role: 'Role',
        verified: 'Verified',
        isBlocked: 'Blocked',
        balance: 'Balance',
        createdAt: 'Joined',
      },
      roles: {
        user: 'User',
        reseller: 'Reseller',
        admin: 'Admin',
      },
      notifications: {
        updated: 'User updated successfully!, Please Refresh/Reload Page',
        update_failed: 'Failed to update user.',
      },
    },
  },
};

export default messages;
