/** A row's remove button: a red bin without a text, named for what it removes by its `label`. */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

export function RemoveButton({
  label,
  ...rest
}: { label: string } & Omit<ButtonProps, 'type' | 'danger' | 'icon' | 'aria-label' | 'children'>) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} {...rest} />;
}
