import { BaseModel } from './base.model.ts'

export class LedgerAccount extends BaseModel {
  static override tableName = 'ledger_accounts'
}

export class JournalEntry extends BaseModel {
  static override tableName = 'journal_entries'
}

export class Posting extends BaseModel {
  static override tableName = 'postings'
}
