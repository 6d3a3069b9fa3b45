export enum Role {
  User = 'user',
  Reseller = 'reseller',
  Admin = 'admin',
}
