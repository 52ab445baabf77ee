import type { SeedContext } from '../../platform/module';

// Demo plans: written through the services once the application area seeds submitted applications.
export async function seedInspectionPlans(_ctx: SeedContext): Promise<void> {}
