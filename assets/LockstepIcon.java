import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Arc2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/**
 * Draws assets/lockstep-icon.svg as a PNG for the installers (jpackage takes PNG on Linux), with
 * Java2D so no SVG renderer is needed: {@code java assets/LockstepIcon.java assets/lockstep-icon.png [SIZE]}.
 * Keep the shapes in step with the SVG (same coordinates, in a 256-unit box).
 */
public class LockstepIcon {
    public static void main(String[] args) throws Exception {
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.scale(size / 256.0, size / 256.0);
        Color dark = new Color(0x1f2430);
        Color sky = new Color(0x56B4E9);
        Color orange = new Color(0xE69F00);
        Color grey = new Color(0x8a8f99);

        g.setColor(dark);
        g.fill(new RoundRectangle2D.Double(0, 0, 256, 256, 80, 80));

        // the locker's closed neighbourhood
        Path2D hull = new Path2D.Double();
        hull.moveTo(128, 44);
        hull.lineTo(205, 100);
        hull.lineTo(176, 192);
        hull.lineTo(80, 192);
        hull.lineTo(51, 100);
        hull.closePath();
        g.setColor(new Color(0x00, 0x72, 0xB2, Math.round(0.28f * 255)));
        g.fill(hull);
        g.setColor(sky);
        g.setStroke(new BasicStroke(4, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND));
        g.draw(hull);

        // lock pointers towards the centre
        g.setColor(orange);
        g.setStroke(new BasicStroke(6, BasicStroke.CAP_ROUND, BasicStroke.JOIN_MITER));
        double[][] pointers = {{128, 60, 128, 104}, {190, 104, 150, 118}, {168, 178, 142, 142}, {88, 178, 114, 142}, {66, 104, 106, 118}};
        for (double[] p : pointers) g.draw(new Line2D.Double(p[0], p[1], p[2], p[3]));

        // the neighbour that arrived after the request
        g.setColor(grey);
        g.setStroke(new BasicStroke(4, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 6}, 0));
        g.draw(new Line2D.Double(205, 100, 226, 50));

        double[][] nodes = {{128, 44}, {205, 100}, {176, 192}, {80, 192}, {51, 100}};
        for (double[] n : nodes) disc(g, n[0], n[1], 16, sky, dark);
        disc(g, 226, 50, 12, grey, dark);
        disc(g, 128, 128, 24, orange, dark);

        // the padlock in the locker
        g.setColor(dark);
        g.setStroke(new BasicStroke(4));
        Path2D shackle = new Path2D.Double();
        shackle.moveTo(119, 128);
        shackle.lineTo(119, 122);
        shackle.append(new Arc2D.Double(119, 113, 18, 18, 180, -180, Arc2D.OPEN), true);
        shackle.lineTo(137, 128);
        g.draw(shackle);
        g.fill(new RoundRectangle2D.Double(115, 127, 26, 17, 6, 6));
        g.dispose();
        ImageIO.write(img, "png", new File(args[0]));
    }

    private static void disc(Graphics2D g, double cx, double cy, double r, Color fill, Color outline) {
        Ellipse2D c = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
        g.setColor(fill);
        g.fill(c);
        g.setColor(outline);
        g.setStroke(new BasicStroke(4));
        g.draw(c);
    }
}
