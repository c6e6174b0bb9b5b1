import { fireEvent, render, screen } from '@testing-library/react';
import { CardImage } from './CardImage';

describe('CardImage', () => {
  it('shows the picture, and the placeholder instead when it cannot be loaded', () => {
    render(
      <CardImage
        src="/files/equipment/gone.png"
        alt="Lighting Tower"
        height={140}
        placeholder={<span>Awaiting Photo</span>}
        testId="picture"
        placeholderTestId="placeholder"
      />,
    );
    const picture = screen.getByTestId('picture');
    expect(picture).toHaveAttribute('src', '/files/equipment/gone.png');
    expect(screen.queryByTestId('placeholder')).not.toBeInTheDocument();
    fireEvent.error(picture);
    expect(screen.queryByTestId('picture')).not.toBeInTheDocument();
    expect(screen.getByTestId('placeholder')).toHaveTextContent('Awaiting Photo');
  });

  it('shows the placeholder when there is no picture', () => {
    render(<CardImage src={null} alt="Breaker" height={140} placeholderTestId="placeholder" />);
    expect(screen.getByTestId('placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Breaker' })).not.toBeInTheDocument();
  });

  it('tries a new picture again after an earlier one failed', () => {
    const { rerender } = render(<CardImage src="/a.png" alt="Item" height={100} testId="picture" />);
    fireEvent.error(screen.getByTestId('picture'));
    expect(screen.queryByTestId('picture')).not.toBeInTheDocument();
    rerender(<CardImage src="/b.png" alt="Item" height={100} testId="picture" />);
    expect(screen.getByTestId('picture')).toHaveAttribute('src', '/b.png');
  });
});
